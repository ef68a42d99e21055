CREATE TYPE "public"."shipping_payer" AS ENUM('buyer', 'seller');--> statement-breakpoint
ALTER TYPE "public"."ledger_account" ADD VALUE 'shipping_held';--> statement-breakpoint
ALTER TYPE "public"."ledger_movement" ADD VALUE 'label';--> statement-breakpoint
ALTER TYPE "public"."ledger_movement" ADD VALUE 'label_refund';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_paid_by" "shipping_payer";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "label_refunded_at" timestamp with time zone;