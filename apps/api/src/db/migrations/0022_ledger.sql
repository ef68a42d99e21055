CREATE TYPE "public"."ledger_account" AS ENUM('processor_balance', 'seller_payable', 'platform_fees');--> statement-breakpoint
CREATE TYPE "public"."ledger_movement" AS ENUM('sale', 'refund');--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"movement" "ledger_movement" NOT NULL,
	"account" "ledger_account" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
-- Each order's entries sum to zero, checked at commit: a movement is written as a whole or not at all.
CREATE FUNCTION "ledger_order_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	off_by bigint;
BEGIN
	SELECT coalesce(sum("amount_cents"), 0) INTO off_by FROM "ledger_entries" WHERE "order_id" = NEW."order_id";
	IF off_by <> 0 THEN
		RAISE EXCEPTION 'the ledger of order % does not balance: its entries sum to % cents', NEW."order_id", off_by;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balance" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_order_balances"();
--> statement-breakpoint
-- Append-only: a correction is a new movement, never a change or removal of an entry. (Wiping a
-- whole demo database, `npm run db:seed`, truncates every table; that is not an edit.)
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger entries are never changed or removed: a correction is a new movement';
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_update_or_delete" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
--> statement-breakpoint
-- Sales recorded before the ledger kept no fee: their money goes in as it moved (fee 0).
UPDATE "orders" SET "seller_fee_cents" = 0 WHERE "status" = 'paid';
--> statement-breakpoint
INSERT INTO "ledger_entries" ("order_id", "movement", "account", "amount_cents", "created_at")
SELECT p."order_id", 'sale', e."account", e."amount_cents", coalesce(o."paid_at", p."created_at")
FROM "payments" p
JOIN "orders" o ON o."id" = p."order_id"
CROSS JOIN LATERAL (VALUES ('processor_balance'::"ledger_account", p."amount_cents"::bigint), ('seller_payable'::"ledger_account", -p."amount_cents"::bigint)) AS e("account", "amount_cents")
ORDER BY p."created_at";
--> statement-breakpoint
INSERT INTO "ledger_entries" ("order_id", "movement", "account", "amount_cents", "created_at")
SELECT p."order_id", 'refund', e."account", e."amount_cents", coalesce(o."refunded_at", now())
FROM "payments" p
JOIN "orders" o ON o."id" = p."order_id"
CROSS JOIN LATERAL (VALUES ('processor_balance'::"ledger_account", -p."amount_cents"::bigint), ('seller_payable'::"ledger_account", p."amount_cents"::bigint)) AS e("account", "amount_cents")
WHERE p."status" = 'refunded'
ORDER BY p."created_at";
