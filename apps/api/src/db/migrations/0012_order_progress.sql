CREATE TYPE "public"."order_progress" AS ENUM('awaiting_handover', 'handed_over', 'shipped', 'completed');--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "progress" "order_progress" DEFAULT 'awaiting_handover' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "handed_over_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
-- Phones paid for more than a week before order progress existed have long since changed hands.
UPDATE "orders" SET "progress" = 'completed', "completed_at" = "paid_at" + interval '7 days' WHERE "status" = 'paid' AND "paid_at" < now() - interval '7 days';
