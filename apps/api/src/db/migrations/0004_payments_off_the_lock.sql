CREATE TABLE "payment_releases" (
	"payment_intent_id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "payment_releases_kind" CHECK ("payment_releases"."kind" in ('cancel', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "sale_claims" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_intent_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_releases" ADD CONSTRAINT "payment_releases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_claims" ADD CONSTRAINT "sale_claims_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_claims" ADD CONSTRAINT "sale_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_releases_pending_idx" ON "payment_releases" USING btree ("next_attempt_at") WHERE "payment_releases"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_claims_order_key" ON "sale_claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sale_claims_created_idx" ON "sale_claims" USING btree ("created_at");