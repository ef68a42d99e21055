CREATE TABLE "blocked_imeis" (
	"imei" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"blocked_by" uuid,
	"blocked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage_gb" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "network_lock" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "battery_health" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "imei" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "imei_checked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "blocked_imeis" ADD CONSTRAINT "blocked_imeis_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_available_imei_key" ON "products" USING btree ("imei") WHERE "products"."status" = 'available' and "products"."imei" is not null;--> statement-breakpoint
CREATE INDEX "products_imei_idx" ON "products" USING btree ("imei") WHERE "products"."imei" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_storage_gb_known" CHECK ("products"."storage_gb" in (16, 32, 64, 128, 256, 512, 1024));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_battery_health_range" CHECK ("products"."battery_health" between 50 and 100);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_imei_digits" CHECK ("products"."imei" ~ '^[0-9]{15}$');