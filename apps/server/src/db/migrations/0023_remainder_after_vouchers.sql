-- What is still owed on an invoice is its own remainder (total − paid on it, `changee`) less what receipt and payment
-- vouchers allocated to it (`payment_allocation`, migration 0020). `allocated` is every allocation; a report as of
-- a day adds back those of vouchers dated after it.
CREATE OR REPLACE VIEW "invoice_remainder" AS
  SELECT d.pay_id, d.store_id, d."yearId", d.kind, d.cust_id, d.pay_ref, d.pay_date, d."nextPay",
    coalesce(d."nextPay", d.pay_date) AS due_date,
    (d.tot_pr - d.discount) AS total, d.pay AS paid,
    (d.changee - coalesce(a.allocated, 0))::numeric(15, 2) AS remainder,
    coalesce(a.allocated, 0)::numeric(15, 2) AS allocated
  FROM "trade_document" d
  LEFT JOIN LATERAL (
    SELECT sum(pa.amount) AS allocated FROM "payment_allocation" pa WHERE pa.pay_id = d.pay_id
  ) a ON true
  WHERE d.kind IN ('pay', 'perch') AND NOT d.awaiting_lines;
