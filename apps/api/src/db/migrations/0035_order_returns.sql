CREATE TYPE "public"."order_return_status" AS ENUM('requested', 'accepted', 'in_transit', 'arrived', 'declined', 'escalated', 'imei_mismatch', 'refunding', 'refunded', 'rejected');--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"photo_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" "order_return_status" DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seller_answer_by" timestamp with time zone NOT NULL,
	"seller_answered_at" timestamp with time zone,
	"decline_reason" text,
	"escalated_at" timestamp with time zone,
	"shipment_id" text,
	"rate_id" text,
	"carrier" text,
	"tracking_code" text,
	"tracker_id" text,
	"label_cost_cents" integer,
	"tracking_status" "tracking_status",
	"tracking_updated_at" timestamp with time zone,
	"tracking_checked_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"imei_matched" boolean,
	"imei_checked_at" timestamp with time zone,
	"decision" text,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"relisted_at" timestamp with time zone,
	CONSTRAINT "order_returns_decision" CHECK ("order_returns"."decision" is null or "order_returns"."decision" in ('accept', 'refund', 'reject')),
	CONSTRAINT "order_returns_photos" CHECK (coalesce(array_length("order_returns"."photo_urls", 1), 0) <= 4)
);
--> statement-breakpoint
ALTER TABLE "email_opt_outs" DROP CONSTRAINT "email_opt_outs_kind";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" DROP CONSTRAINT "unsubscribe_tokens_kind";--> statement-breakpoint
DROP INDEX "orders_one_paid_per_product_key";--> statement-breakpoint
ALTER TABLE "order_problems" ADD COLUMN "return_id" uuid;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_order_key" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_tracker_key" ON "order_returns" USING btree ("tracker_id") WHERE "order_returns"."tracker_id" is not null;--> statement-breakpoint
CREATE INDEX "order_returns_waiting_idx" ON "order_returns" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "order_returns"."status" in ('requested', 'declined', 'escalated', 'imei_mismatch');--> statement-breakpoint
CREATE INDEX "order_returns_parcel_on_its_way_idx" ON "order_returns" USING btree ("tracking_checked_at") WHERE "order_returns"."tracker_id" is not null and "order_returns"."arrived_at" is null;--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_paid_per_product_key" ON "orders" USING btree ("product_id") WHERE "orders"."status" = 'paid' and "orders"."refunded_at" is null;--> statement-breakpoint
ALTER TABLE "email_opt_outs" ADD CONSTRAINT "email_opt_outs_kind" CHECK ("email_opt_outs"."kind" in ('order_booked', 'order_paid', 'order_handed_over', 'order_completed', 'new_message', 'seller_verified', 'listing_removed', 'listing_approved', 'listing_rejected', 'price_drop', 'problem_outcome', 'device_check', 'new_question', 'question_answered', 'parcel_delivered', 'parcel_not_delivered', 'return_requested', 'return_answered', 'return_arrived', 'return_outcome'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('order_booked', 'order_paid', 'order_handed_over', 'order_completed', 'new_message', 'seller_verified', 'listing_removed', 'listing_approved', 'listing_rejected', 'price_drop', 'problem_outcome', 'device_check', 'new_question', 'question_answered', 'parcel_delivered', 'parcel_not_delivered', 'return_requested', 'return_answered', 'return_arrived', 'return_outcome'));--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" ADD CONSTRAINT "unsubscribe_tokens_kind" CHECK ("unsubscribe_tokens"."kind" in ('order_booked', 'order_paid', 'order_handed_over', 'order_completed', 'new_message', 'seller_verified', 'listing_removed', 'listing_approved', 'listing_rejected', 'price_drop', 'problem_outcome', 'device_check', 'new_question', 'question_answered', 'parcel_delivered', 'parcel_not_delivered', 'return_requested', 'return_answered', 'return_arrived', 'return_outcome'));