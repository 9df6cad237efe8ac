// SCHEDULED gateways send in batches. A batch leaves at the top of every hour (UTC); a transfer
// accepted now waits for the next one. TRANSFER_BATCH_MINUTES shortens the period (tests, demos).

export function transferBatchMinutes(): number {
  const configured = Number(process.env.TRANSFER_BATCH_MINUTES);
  return Number.isFinite(configured) && configured > 0 ? configured : 60;
}

export function nextBatchTime(now: Date, periodMinutes = transferBatchMinutes()): Date {
  const period = periodMinutes * 60_000;
  return new Date(Math.floor(now.getTime() / period) * period + period);
}
