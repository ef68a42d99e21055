CREATE TYPE "public"."delivery_method" AS ENUM('meeting', 'shipping');--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"carrier_address_id" text NOT NULL,
	"is_ship_from" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "addresses_country_code" CHECK ("addresses"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "addresses_ship_from_live" CHECK (not ("addresses"."is_ship_from" and "addresses"."removed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method" "delivery_method" DEFAULT 'meeting' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to_address_id" uuid;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_owner_live_idx" ON "addresses" USING btree ("user_id","created_at") WHERE "addresses"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_ship_from_key" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_ship_from";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ship_to_address_id_addresses_id_fk" FOREIGN KEY ("ship_to_address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ship_to_when_shipping" CHECK (("orders"."delivery_method" = 'shipping') = ("orders"."ship_to" is not null));