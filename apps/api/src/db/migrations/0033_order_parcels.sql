CREATE TYPE "public"."tracking_status" AS ENUM('unknown', 'pre_transit', 'in_transit', 'out_for_delivery', 'available_for_pickup', 'delivered', 'return_to_sender', 'failure', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."order_progress" ADD VALUE 'in_transit';--> statement-breakpoint
ALTER TYPE "public"."order_progress" ADD VALUE 'delivered';--> statement-breakpoint
ALTER TYPE "public"."order_progress" ADD VALUE 'returned_to_sender';--> statement-breakpoint
ALTER TYPE "public"."order_progress" ADD VALUE 'lost';--> statement-breakpoint
CREATE TABLE "order_tracking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" "tracking_status" NOT NULL,
	"message" text NOT NULL,
	"place" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_opt_outs" DROP CONSTRAINT "email_opt_outs_kind";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" DROP CONSTRAINT "unsubscribe_tokens_kind";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracker_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipment_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_status" "tracking_status";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_tracking_events" ADD CONSTRAINT "order_tracking_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_tracking_events_scan_key" ON "order_tracking_events" USING btree ("order_id","occurred_at","status","message");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_tracker_key" ON "orders" USING btree ("tracker_id") WHERE "orders"."tracker_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_delivered_idx" ON "orders" USING btree ("delivered_at") WHERE "orders"."status" = 'paid' and "orders"."delivered_at" is not null and "orders"."completed_at" is null and "orders"."refunded_at" is null;--> statement-breakpoint
CREATE INDEX "orders_parcel_on_its_way_idx" ON "orders" USING btree ("tracking_checked_at") WHERE "orders"."tracker_id" is not null and "orders"."delivered_at" is null and "orders"."completed_at" is null and "orders"."refunded_at" is null;--> statement-breakpoint
ALTER TABLE "email_opt_outs" ADD CONSTRAINT "email_opt_outs_kind" CHECK ("email_opt_outs"."kind" in ('order_booked', 'order_paid', 'order_handed_over', 'order_completed', 'new_message', 'seller_verified', 'listing_removed', 'listing_approved', 'listing_rejected', 'price_drop', 'problem_outcome', 'device_check', 'new_question', 'question_answered', 'parcel_delivered', 'parcel_not_delivered'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('order_booked', 'order_paid', 'order_handed_over', 'order_completed', 'new_message', 'seller_verified', 'listing_removed', 'listing_approved', 'listing_rejected', 'price_drop', 'problem_outcome', 'device_check', 'new_question', 'question_answered', 'parcel_delivered', 'parcel_not_delivered'));--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" ADD CONSTRAINT "unsubscribe_tokens_kind" CHECK ("unsubscribe_tokens"."kind" in ('order_booked', 'order_paid', 'order_handed_over', 'order_completed', 'new_message', 'seller_verified', 'listing_removed', 'listing_approved', 'listing_rejected', 'price_drop', 'problem_outcome', 'device_check', 'new_question', 'question_answered', 'parcel_delivered', 'parcel_not_delivered'));