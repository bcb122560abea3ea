import type { components } from '@/types/api';

type Schemas = components['schemas'];

export type Run = Schemas['Run'];
export type RunStack = Schemas['RunStack'];
export type RunStatus = Schemas['RunStatus'];
export type StackStatus = Schemas['StackStatus'];
export type RunSummary = Schemas['RunSummary'];
export type RunPage = Schemas['RunPage'];
export type Measurement = Schemas['Measurement'];
export type Analysis = Schemas['Analysis'];
export type Stack = Schemas['Stack'];
export type CatalogEntry = Schemas['CatalogEntry'];
export type Workload = Schemas['Workload'];
export type Visibility = Schemas['Visibility'];
export type SubmitRunJson = Schemas['SubmitRunJson'];
export type SubmittedRun = Schemas['SubmittedRun'];
export type Problem = Schemas['Problem'];
export type ProblemItem = NonNullable<Problem['errors']>[number];
