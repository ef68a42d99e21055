CREATE TABLE "test_carrier_shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"from_address" jsonb NOT NULL,
	"to_address" jsonb NOT NULL,
	"parcel" jsonb NOT NULL,
	"rates" jsonb NOT NULL,
	"ending" text NOT NULL,
	"rate_id" text,
	"buy_idempotency_key" text,
	"tracking_code" text,
	"tracker_id" text,
	"label_bought_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_carrier_shipments_tracking_code_unique" UNIQUE("tracking_code"),
	CONSTRAINT "test_carrier_shipments_tracker_id_unique" UNIQUE("tracker_id")
);
