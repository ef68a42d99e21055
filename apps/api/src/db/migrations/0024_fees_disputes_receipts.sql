ALTER TYPE "public"."ledger_account" ADD VALUE 'disputed';--> statement-breakpoint
ALTER TYPE "public"."ledger_movement" ADD VALUE 'dispute_opened';--> statement-breakpoint
ALTER TYPE "public"."ledger_movement" ADD VALUE 'dispute_won';--> statement-breakpoint
ALTER TYPE "public"."ledger_movement" ADD VALUE 'dispute_lost';--> statement-breakpoint
CREATE TABLE "payment_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seller_bank_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"arrival_date" timestamp with time zone,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD COLUMN "retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_bank_payouts" ADD CONSTRAINT "seller_bank_payouts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_disputes_order_idx" ON "payment_disputes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "seller_bank_payouts_seller_idx" ON "seller_bank_payouts" USING btree ("seller_id","created_at");