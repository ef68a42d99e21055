ALTER TYPE "public"."product_status" ADD VALUE 'pending_review';--> statement-breakpoint
ALTER TYPE "public"."product_status" ADD VALUE 'rejected';--> statement-breakpoint
CREATE TABLE "listing_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"code" text NOT NULL,
	"photo" "bytea",
	"product_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_codes_code_shape" CHECK ("listing_codes"."code" ~ '^[A-Z0-9]{6}$')
);
--> statement-breakpoint
ALTER TABLE "email_opt_outs" DROP CONSTRAINT "email_opt_outs_kind";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" DROP CONSTRAINT "unsubscribe_tokens_kind";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "submitted_for_review_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "listing_codes" ADD CONSTRAINT "listing_codes_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_codes" ADD CONSTRAINT "listing_codes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_codes_code_key" ON "listing_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_codes_product_key" ON "listing_codes" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "listing_codes_seller_idx" ON "listing_codes" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_review_queue_idx" ON "products" USING btree ("submitted_for_review_at","id") WHERE "products"."submitted_for_review_at" is not null;--> statement-breakpoint
ALTER TABLE "email_opt_outs" ADD CONSTRAINT "email_opt_outs_kind" CHECK ("email_opt_outs"."kind" in ('order_booked', 'order_paid', 'order_handed_over', 'order_completed', 'new_message', 'seller_verified', 'listing_removed', 'listing_approved', 'listing_rejected', 'price_drop', 'problem_outcome', 'device_check', 'new_question', 'question_answered'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('order_booked', 'order_paid', 'order_handed_over', 'order_completed', 'new_message', 'seller_verified', 'listing_removed', 'listing_approved', 'listing_rejected', 'price_drop', 'problem_outcome', 'device_check', 'new_question', 'question_answered'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_rejection_reason_length" CHECK (char_length("products"."rejection_reason") between 1 and 500);--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" ADD CONSTRAINT "unsubscribe_tokens_kind" CHECK ("unsubscribe_tokens"."kind" in ('order_booked', 'order_paid', 'order_handed_over', 'order_completed', 'new_message', 'seller_verified', 'listing_removed', 'listing_approved', 'listing_rejected', 'price_drop', 'problem_outcome', 'device_check', 'new_question', 'question_answered'));