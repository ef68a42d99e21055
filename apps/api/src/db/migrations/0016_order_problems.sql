CREATE TYPE "public"."order_problem_status" AS ENUM('open', 'refunding', 'refunded', 'closed');--> statement-breakpoint
CREATE TABLE "order_problems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" "order_problem_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"next_attempt_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
DROP INDEX "orders_paid_product_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_problems_one_open_per_order_key" ON "order_problems" USING btree ("order_id") WHERE "order_problems"."status" in ('open', 'refunding');--> statement-breakpoint
CREATE INDEX "order_problems_order_idx" ON "order_problems" USING btree ("order_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_problems_open_idx" ON "order_problems" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "order_problems"."status" in ('open', 'refunding');--> statement-breakpoint
CREATE INDEX "orders_awaiting_receipt_idx" ON "orders" USING btree ("handed_over_at") WHERE "orders"."status" = 'paid' and "orders"."progress" in ('handed_over', 'shipped') and "orders"."refunded_at" is null;--> statement-breakpoint
CREATE INDEX "orders_paid_product_idx" ON "orders" USING btree ("product_id","paid_at","price_cents") WHERE "orders"."status" = 'paid' and "orders"."refunded_at" is null;