CREATE TYPE "public"."seller_payout_status" AS ENUM('held', 'sending', 'sent', 'failed', 'cancelled', 'reversed');--> statement-breakpoint
ALTER TYPE "public"."ledger_movement" ADD VALUE 'transfer';--> statement-breakpoint
ALTER TYPE "public"."ledger_movement" ADD VALUE 'reversal';--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"processor" text NOT NULL,
	"account_id" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"requirements_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "seller_payouts" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "seller_payout_status" DEFAULT 'held' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"transfer_id" text,
	"reversal_id" text,
	"sent_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_payouts_amount_positive" CHECK ("seller_payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "test_connected_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"requirements_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_connected_accounts_seller_id_unique" UNIQUE("seller_id")
);
--> statement-breakpoint
CREATE TABLE "test_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"account_id" text NOT NULL,
	"transfer_id" text,
	"order_id" uuid,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD CONSTRAINT "seller_payouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD CONSTRAINT "seller_payouts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_connected_accounts" ADD CONSTRAINT "test_connected_accounts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_payouts_seller_idx" ON "seller_payouts" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "seller_payouts_open_idx" ON "seller_payouts" USING btree ("status") WHERE "seller_payouts"."status" in ('held', 'sending');--> statement-breakpoint
-- What sellers were owed before payouts existed is held for them like any later sale: released
-- once its order has completed and the seller's payout account is ready.
INSERT INTO "seller_payouts" ("order_id", "seller_id", "amount_cents", "status", "created_at")
SELECT o."id", p."seller_id", -owed."cents", 'held', coalesce(o."paid_at", o."created_at")
FROM (
  SELECT "order_id", sum("amount_cents") AS "cents"
  FROM "ledger_entries"
  WHERE "account" = 'seller_payable'
  GROUP BY "order_id"
) owed
JOIN "orders" o ON o."id" = owed."order_id"
JOIN "products" p ON p."id" = o."product_id"
WHERE owed."cents" < 0;
