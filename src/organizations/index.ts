// The organizations feature's public entry: its wiring, the directory of organizations and their plans.
export { registerOrganizations, type OrganizationsModuleDeps } from './organizations-module.js';
export { OrganizationDirectory, type OrganizationRecord } from './organization-directory.js';
export { OrganizationPlans, PLANS, isPlan, type Plan } from './organization-plans.js';
export { OrganizationRecordSchema } from './organization-record.schema.js';
