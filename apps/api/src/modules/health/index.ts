/** The health module's face: liveness, readiness, and whether each dependency answers. */

export { healthRoutes } from './health.routes';
export { checkDependencies } from './health.service';
