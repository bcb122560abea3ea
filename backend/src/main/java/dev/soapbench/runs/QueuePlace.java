package dev.soapbench.runs;

/**
 * Where a queued run stands (openapi.yaml, Run.queue).
 *
 * @param position 1 when it is next for a worker of its class
 * @param running runs of its class on a worker now
 * @param workers live workers of its class
 * @param estimatedStartSeconds when a worker should take it, from the work ahead; null without a
 *     live worker of its class
 * @param basis how the estimate was made, in one sentence
 */
record QueuePlace(int position, int running, int workers, Long estimatedStartSeconds, String basis) {}
