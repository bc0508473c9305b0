import { ScalarType, type DescField, type DescMessage, type JsonObject, type JsonValue } from "@bufbuild/protobuf";

/** A request that cannot be bound: answered 400 INVALID_ARGUMENT with this message. */
export class BindingError extends Error {}

function findField(message: DescMessage, name: string): DescField | undefined {
  return message.fields.find((f) => f.name === name || f.jsonName === name);
}

/** The JSON object for `message` at `path` (creating it), using whichever key spelling the body already used. */
function descend(root: JsonObject, message: DescMessage, path: string[]): { target: JsonObject; field: DescField } {
  let target = root;
  let current = message;
  for (let i = 0; i < path.length; i++) {
    const field = findField(current, path[i]!);
    if (!field) throw new BindingError(`unknown field "${path.slice(0, i + 1).join(".")}"`);
    if (i === path.length - 1) return { target, field };
    if (field.fieldKind !== "message" || field.message.typeName === "google.protobuf.FieldMask") {
      throw new BindingError(`field "${path.slice(0, i + 1).join(".")}" has no sub-fields`);
    }
    const key = field.jsonName in target ? field.jsonName : field.name in target ? field.name : field.jsonName;
    const next = target[key];
    if (next === undefined || next === null) target[key] = {};
    else if (typeof next !== "object" || Array.isArray(next)) throw new BindingError(`field "${path.slice(0, i + 1).join(".")}" must be an object`);
    target = target[key] as JsonObject;
    current = field.message;
  }
  throw new BindingError("empty field path");
}

/** Sets a field bound by the path or the query string, converting text to the field's JSON type. */
export function bindText(root: JsonObject, message: DescMessage, fieldPath: string, values: string[], overwrite: boolean): void {
  const { target, field } = descend(root, message, fieldPath.split("."));
  for (const key of [field.name, field.jsonName]) {
    if (key in target && !overwrite) throw new BindingError(`field "${fieldPath}" is given twice`);
    delete target[key];
  }
  const converted = values.map((v) => textToJson(field, fieldPath, v));
  if (field.fieldKind === "list") target[field.jsonName] = converted;
  else {
    if (converted.length > 1) throw new BindingError(`field "${fieldPath}" takes one value`);
    target[field.jsonName] = converted[0]!;
  }
}

/** Sets the field named by `body: "<field>"` to the whole (bare) body value. */
export function bindBodyField(root: JsonObject, message: DescMessage, fieldPath: string, value: JsonValue): void {
  const { target, field } = descend(root, message, fieldPath.split("."));
  target[field.jsonName] = value;
}

function textToJson(field: DescField, path: string, text: string): JsonValue {
  switch (field.fieldKind) {
    case "scalar":
    case "list":
      if (field.fieldKind === "list" && field.listKind !== "scalar" && field.listKind !== "enum") break;
      if (field.fieldKind === "list" && field.listKind === "enum") return text;
      if (field.scalar === ScalarType.BOOL) {
        if (text === "true" || text === "1") return true;
        if (text === "false" || text === "0") return false;
        throw new BindingError(`field "${path}" must be true or false`);
      }
      if (field.scalar === ScalarType.STRING || field.scalar === ScalarType.BYTES) return text;
      if (field.scalar === ScalarType.DOUBLE || field.scalar === ScalarType.FLOAT) {
        const n = Number(text);
        if (text.trim() === "" || Number.isNaN(n)) throw new BindingError(`field "${path}" must be a number`);
        return n;
      }
      if (!/^-?\d+$/.test(text)) throw new BindingError(`field "${path}" must be an integer`);
      return text;
    case "enum":
      return /^-?\d+$/.test(text) ? Number(text) : text;
    case "message":
      // Well-known types with a string JSON form (FieldMask "a,b", Timestamp, Duration).
      return text;
  }
  throw new BindingError(`field "${path}" cannot be set from a query parameter`);
}
