/**
 * google.api.http path templates: literal segments and `{field.path}` / `{field.path=*}` variables
 * (one segment each — every template of our contract has that shape).
 */
export interface PathTemplate {
  readonly segments: readonly ({ literal: string } | { field: string })[];
}

export function parsePathTemplate(template: string): PathTemplate {
  if (!template.startsWith("/")) throw new Error(`path template must start with '/': ${template}`);
  const segments = template
    .slice(1)
    .split("/")
    .map((segment) => {
      const variable = /^\{([a-z_][a-z0-9_.]*)(=\*)?\}$/i.exec(segment);
      if (variable) return { field: variable[1]! };
      if (segment.includes("{") || segment.includes("*")) throw new Error(`unsupported path template segment: ${segment}`);
      return { literal: segment };
    });
  return { segments };
}

/** Field values bound by the path, or undefined when the path does not match. */
export function matchPathTemplate(template: PathTemplate, path: string): Map<string, string> | undefined {
  const parts = path.slice(1).split("/");
  if (parts.length !== template.segments.length) return undefined;
  const bound = new Map<string, string>();
  for (let i = 0; i < parts.length; i++) {
    const segment = template.segments[i]!;
    const part = parts[i]!;
    if ("literal" in segment) {
      if (segment.literal !== part) return undefined;
    } else {
      if (part === "") return undefined;
      let value: string;
      try {
        value = decodeURIComponent(part);
      } catch {
        return undefined;
      }
      bound.set(segment.field, value);
    }
  }
  return bound;
}
