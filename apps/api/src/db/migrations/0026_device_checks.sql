CREATE TABLE "device_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"imei" text NOT NULL,
	"outcome" text NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"tac_model" text,
	"context" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_checks_outcome" CHECK ("device_checks"."outcome" in ('clean', 'flagged', 'unavailable')),
	CONSTRAINT "device_checks_context" CHECK ("device_checks"."context" in ('listing', 'edit', 'capture', 'recheck')),
	CONSTRAINT "device_checks_reasons" CHECK (("device_checks"."outcome" = 'flagged') = (cardinality("device_checks"."reasons") > 0) and "device_checks"."reasons" <@ array['blacklisted', 'unpaid_finance', 'carrier_locked', 'activation_locked', 'model_mismatch']::text[])
);
--> statement-breakpoint
ALTER TABLE "email_opt_outs" DROP CONSTRAINT "email_opt_outs_kind";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" DROP CONSTRAINT "unsubscribe_tokens_kind";--> statement-breakpoint
ALTER TABLE "device_checks" ADD CONSTRAINT "device_checks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_checks_product_checked_idx" ON "device_checks" USING btree ("product_id","checked_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "email_opt_outs" ADD CONSTRAINT "email_opt_outs_kind" CHECK ("email_opt_outs"."kind" in ('order_booked', 'order_paid', 'order_handed_over', 'order_completed', 'new_message', 'seller_verified', 'listing_removed', 'price_drop', 'problem_outcome', 'device_check'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('order_booked', 'order_paid', 'order_handed_over', 'order_completed', 'new_message', 'seller_verified', 'listing_removed', 'price_drop', 'problem_outcome', 'device_check'));--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" ADD CONSTRAINT "unsubscribe_tokens_kind" CHECK ("unsubscribe_tokens"."kind" in ('order_booked', 'order_paid', 'order_handed_over', 'order_completed', 'new_message', 'seller_verified', 'listing_removed', 'price_drop', 'problem_outcome', 'device_check'));