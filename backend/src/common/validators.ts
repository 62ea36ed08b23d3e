import { ValidateBy, type ValidationOptions } from 'class-validator';
import { isIsoDateInRange } from './input-rules';

/** An ISO 8601 date-time in years 1 to 9999 (see isIsoDateInRange); null and undefined are left to @ValidateIf. */
export function IsIsoDateInRange(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isIsoDateInRange',
      validator: {
        validate: (value: unknown) => isIsoDateInRange(value),
        defaultMessage: () => '$property must be an ISO date-time between years 1 and 9999',
      },
    },
    options,
  );
}
