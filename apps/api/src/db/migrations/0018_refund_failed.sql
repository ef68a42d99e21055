ALTER TYPE "public"."order_problem_status" ADD VALUE 'refund_failed' BEFORE 'refunded';--> statement-breakpoint
DROP INDEX "order_problems_one_open_per_order_key";--> statement-breakpoint
DROP INDEX "order_problems_open_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "order_problems_one_open_per_order_key" ON "order_problems" USING btree ("order_id") WHERE "order_problems"."status" not in ('refunded', 'closed');--> statement-breakpoint
CREATE INDEX "order_problems_open_idx" ON "order_problems" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "order_problems"."status" not in ('refunded', 'closed');