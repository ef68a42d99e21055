CREATE TYPE "public"."shipping_payer" AS ENUM('buyer', 'seller');--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'shipping_held';--> statement-breakpoint
ALTER TYPE "public"."ledger_movement" ADD VALUE 'label';--> statement-breakpoint
ALTER TYPE "public"."ledger_movement" ADD VALUE 'label_refund';--> statement-breakpoint
ALTER TABLE "email_opt_outs" DROP CONSTRAINT "email_opt_outs_kind";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" DROP CONSTRAINT "unsubscribe_tokens_kind";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_paid_by" "shipping_payer";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "label_refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_by_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "missed_drop_off_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_ship_by_idx" ON "orders" USING btree ("ship_by") WHERE "orders"."status" = 'paid' and "orders"."ship_by" is not null and "orders"."missed_drop_off_at" is null and "orders"."refunded_at" is null and "orders"."progress" in ('awaiting_handover', 'shipped');--> statement-breakpoint
CREATE INDEX "orders_missed_drop_off_idx" ON "orders" USING btree ("missed_drop_off_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."missed_drop_off_at" is not null;--> statement-breakpoint
ALTER TABLE "email_opt_outs" ADD CONSTRAINT "email_opt_outs_kind" CHECK ("email_opt_outs"."kind" in ('order_booked', 'order_paid', 'order_handed_over', 'order_completed', 'new_message', 'seller_verified', 'listing_removed', 'listing_approved', 'listing_rejected', 'price_drop', 'problem_outcome', 'device_check', 'new_question', 'question_answered', 'parcel_delivered', 'parcel_not_delivered', 'ship_by_reminder', 'missed_drop_off'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('order_booked', 'order_paid', 'order_handed_over', 'order_completed', 'new_message', 'seller_verified', 'listing_removed', 'listing_approved', 'listing_rejected', 'price_drop', 'problem_outcome', 'device_check', 'new_question', 'question_answered', 'parcel_delivered', 'parcel_not_delivered', 'ship_by_reminder', 'missed_drop_off'));--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" ADD CONSTRAINT "unsubscribe_tokens_kind" CHECK ("unsubscribe_tokens"."kind" in ('order_booked', 'order_paid', 'order_handed_over', 'order_completed', 'new_message', 'seller_verified', 'listing_removed', 'listing_approved', 'listing_rejected', 'price_drop', 'problem_outcome', 'device_check', 'new_question', 'question_answered', 'parcel_delivered', 'parcel_not_delivered', 'ship_by_reminder', 'missed_drop_off'));