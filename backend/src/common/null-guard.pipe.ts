import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';
import { CommonError, CommonErrorCode } from './common-errors';

interface DocumentedProperty {
  type?: unknown;
  nullable?: boolean;
}

/** A class given to @ApiProperty directly or lazily (`() => Dto`); arrow functions have no prototype. */
function classOf(type: unknown): (new () => unknown) | undefined {
  if (typeof type !== 'function') return undefined;
  const resolved: unknown = type.prototype ? type : (type as () => unknown)();
  return typeof resolved === 'function' ? (resolved as new () => unknown) : undefined;
}

/**
 * The path of the first field of `value` that is null although the API document (its @ApiProperty)
 * does not say `nullable`, looking into nested DTOs and arrays of them; null when there is none.
 * class-validator's @IsOptional lets null through like undefined, so `{"name":null}` reached the
 * database as a NULL for a NOT NULL column (500). Fields that really take null say so in the
 * document, which keeps the document and the behaviour the same.
 */
export function undocumentedNull(value: unknown, type: unknown, path = ''): string | null {
  const dto = classOf(type);
  if (!dto || value === null || typeof value !== 'object') return null;
  const names: string[] =
    Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, dto.prototype) ?? [];
  for (const name of names.map((n) => n.replace(/^:/, ''))) {
    if (!Object.hasOwn(value, name)) continue;
    const item = (value as Record<string, unknown>)[name];
    const where = path ? `${path}.${name}` : name;
    const doc: DocumentedProperty =
      Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, dto.prototype, name) ?? {};
    if (item === null) {
      if (!doc.nullable) return where;
      continue;
    }
    const elements = Array.isArray(item)
      ? item.map((e, i) => [e, `${where}.${i}`] as const)
      : [[item, where] as const];
    for (const [element, at] of elements) {
      const found = undocumentedNull(element, doc.type, at);
      if (found) return found;
    }
  }
  return null;
}

/** Runs before the ValidationPipe on every @Body(): 400 '<field> must not be null'. */
@Injectable()
export class NullGuardPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type !== 'body') return value;
    const field = undocumentedNull(value, metadata.metatype);
    if (field)
      throw new CommonError(CommonErrorCode.VALIDATION_FAILED, {
        text: `${field} must not be null`,
      });
    return value;
  }
}
