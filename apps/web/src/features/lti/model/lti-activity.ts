// Which activities are delivered by an LTI tool (spec 9 type codes 1 and 4).
import { ActivityType } from '@portal/contracts';

const LTI_TYPES: readonly number[] = [ActivityType.lti13, ActivityType.lti11];

export const isLtiActivityType = (type: number) => LTI_TYPES.includes(type);
