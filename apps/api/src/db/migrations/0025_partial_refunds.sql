ALTER TYPE "public"."ledger_movement" ADD VALUE 'partial_refund' BEFORE 'dispute_opened';--> statement-breakpoint
ALTER TABLE "order_problems" ADD COLUMN "refund_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD COLUMN "reversed_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD COLUMN "part_reversal_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "refund_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Refunds made before partial refunds existed gave everything back.
UPDATE "payments" SET "refunded_cents" = "amount_cents" WHERE "status" = 'refunded';
--> statement-breakpoint
UPDATE "test_payment_intents" SET "refunded_cents" = "amount_cents" WHERE "refunded_at" IS NOT NULL;
