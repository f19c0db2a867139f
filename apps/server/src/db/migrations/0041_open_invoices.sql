-- Issue 35: aging ages what is open on each invoice (its remainder less the vouchers' allocations, as the open-invoice
-- list reads it), whatever its date and whether or not it has a next payment date. The invoices still open of the
-- parties who owe are read from this index: a few per party, where the party index read every invoice of the walk-in
-- customer's thousands.
CREATE INDEX "trade_document_open_idx" ON "trade_document" USING btree ("store_id", "cust_id", "kind")
	WHERE "changee" > "allocated" AND NOT "awaiting_lines";
