import workloadSchema from '@schemas/workload.schema.json';
import type { Workload } from '@/types/api-models';

// The interop object's defaults and bounds, read from schemas/workload.schema.json when the UI is
// built, as the submit form reads the rest of the workload's.

export type SecurityMode = NonNullable<Workload['security']>[number];

const requestsField = workloadSchema.properties.interop.properties.requests;

export const securityModes = workloadSchema.properties.security.items.enum as readonly SecurityMode[];

export const interopRequests = {
  default: requestsField.default,
  minimum: requestsField.minimum,
  maximum: requestsField.maximum,
};
