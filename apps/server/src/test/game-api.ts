import {
  fromJson,
  getOption,
  toJson,
  type DescField,
  type DescMessage,
  type DescMethod,
  type DescService,
  type JsonObject,
  type JsonValue,
} from "@bufbuild/protobuf";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { CharacterService } from "../gen/sro/character/character_pb.js";
import { http } from "../gen/google/api/annotations_pb.js";
import { DimensionService, GameServerDataService, GameServerRegistryService, MapService } from "../gen/sro/gameserver/gameserver_pb.js";
import { SanctionService } from "../gen/sro/moderation/moderation_pb.js";
import { OperationsService } from "../gen/sro/moderation/operations_pb.js";
import { ChatHistoryService } from "../gen/sro/moderation/chat_history_pb.js";
import { BusService } from "../gen/sro/bus_pb.js";
import { InventoryService } from "../gen/sro/character/inventory_pb.js";
import { ConnectionService } from "../gen/sro/gameserver/connection_pb.js";
import { GameServerControlService } from "../gen/sro/gameserver/control_pb.js";
import { HealthService } from "../gen/sro/health_pb.js";
import { AccessService } from "../gen/sro/access_pb.js";
import { WebhookService } from "../gen/sro/moderation/webhooks_pb.js";
import { AppealService } from "../gen/sro/moderation/appeals_pb.js";
import { ApprovalService } from "../gen/sro/moderation/approvals_pb.js";
import { rest } from "./rest-client.js";
import { bearer } from "./bearer.js";

/**
 * One way to call every rpc of the game services over either transport, for suites that run each rule over
 * Connect (HTTP/1.1) and over REST. Requests and responses are in proto JSON form (lowerCamelCase, int64 as
 * strings), so one test body serves both. REST calls are built from the rpc's google.api.http annotation.
 */

export const gameServices = [
  CharacterService,
  DimensionService,
  MapService,
  GameServerDataService,
  GameServerRegistryService,
  SanctionService,
  OperationsService,
  ChatHistoryService,
  BusService,
  InventoryService,
  ConnectionService,
  GameServerControlService,
  HealthService,
  AccessService,
  WebhookService,
  AppealService,
  ApprovalService,
] as const;
export type ApiTransport = "connect" | "rest";
export const apiTransports: ApiTransport[] = ["connect", "rest"];

export interface Outcome {
  code: Code | "ok";
  message: string;
  /** The response in proto JSON form (ok only). */
  body: any;
}

const methods = new Map<string, DescMethod>(gameServices.flatMap((s: DescService) => s.methods.map((m) => [m.name, m] as const)));

export function methodOf(rpc: string): DescMethod {
  const method = methods.get(rpc);
  if (!method) throw new Error(`no game rpc named ${rpc}`);
  return method;
}

export interface GameApi {
  readonly transport: ApiTransport;
  call(rpc: string, request: JsonObject, token?: string): Promise<Outcome>;
  /** Like call, but fails the test unless the rpc succeeds; returns the response body. */
  ok(rpc: string, request: JsonObject, token?: string): Promise<any>;
}

export function gameApi(baseUrl: string, transport: ApiTransport): GameApi {
  const call =
    transport === "connect"
      ? (rpc: string, req: JsonObject, token?: string) => callConnect(baseUrl, rpc, req, token)
      : (rpc: string, req: JsonObject, token?: string) => callRest(baseUrl, rpc, req, token);
  return {
    transport,
    call,
    async ok(rpc, request, token) {
      const outcome = await call(rpc, request, token);
      if (outcome.code !== "ok") throw new Error(`${rpc} failed over ${transport}: ${Code[outcome.code]} ${outcome.message}`);
      return outcome.body;
    },
  };
}

async function callConnect(baseUrl: string, rpc: string, request: JsonObject, token?: string): Promise<Outcome> {
  const method = methodOf(rpc);
  const transport = createConnectTransport({ baseUrl, httpVersion: "1.1", interceptors: token ? [bearer(token)] : [] });
  const client = createClient(method.parent, transport) as unknown as Record<string, (req: unknown) => Promise<unknown>>;
  try {
    const response = await client[method.localName]!(fromJson(method.input, request));
    return { code: "ok", message: "", body: toJson(method.output, response as never) };
  } catch (error) {
    const e = ConnectError.from(error);
    return { code: e.code, message: e.rawMessage, body: undefined };
  }
}

/** The JSON name path of a proto field path ("character.id" → ["character", "id"], "target_id" → ["targetId"]). */
function jsonPath(message: DescMessage, fieldPath: string): string[] {
  const names: string[] = [];
  let current: DescMessage | undefined = message;
  for (const part of fieldPath.split(".")) {
    const field: DescField | undefined = current?.fields.find((f) => f.name === part);
    if (!field) throw new Error(`no field ${fieldPath} in ${message.typeName}`);
    names.push(field.jsonName);
    current = field.fieldKind === "message" ? field.message : undefined;
  }
  return names;
}

/** Removes and returns the value at `path` (so a path-bound field is not sent again in the query). */
function take(json: JsonObject, path: string[]): JsonValue | undefined {
  let target: JsonValue | undefined = json;
  for (const key of path.slice(0, -1)) target = target && typeof target === "object" && !Array.isArray(target) ? target[key] : undefined;
  if (!target || typeof target !== "object" || Array.isArray(target)) return undefined;
  const value = target[path.at(-1)!];
  delete target[path.at(-1)!];
  return value;
}

function queryOf(json: JsonObject, prefix = ""): [string, string][] {
  return Object.entries(json).flatMap(([key, value]): [string, string][] => {
    if (value === null || value === undefined) return [];
    if (Array.isArray(value)) return value.map((v) => [prefix + key, typeof v === "object" ? JSON.stringify(v) : String(v)]);
    if (typeof value === "object") return queryOf(value, `${prefix}${key}.`);
    return [[prefix + key, String(value)]];
  });
}

async function callRest(baseUrl: string, rpc: string, request: JsonObject, token?: string): Promise<Outcome> {
  const method = methodOf(rpc);
  const rule = getOption(method, http);
  if (rule.pattern.case === undefined || rule.pattern.case === "custom") throw new Error(`${rpc} has no REST binding`);
  const verb = rule.pattern.case.toUpperCase();
  const json = structuredClone(request);
  const path = rule.pattern.value.replace(/\{([^}=]+)(=\*)?\}/g, (_, field: string) => {
    const bound = rule.body === "*" ? readPath(json, jsonPath(method.input, field)) : take(json, jsonPath(method.input, field));
    return encodeURIComponent(typeof bound === "object" && bound !== null ? JSON.stringify(bound) : String(bound ?? ""));
  });
  let body: string | undefined;
  let query: [string, string][] = [];
  if (rule.body === "*") body = JSON.stringify(json);
  else if (rule.body !== "") {
    const value = take(json, jsonPath(method.input, rule.body));
    body = value === undefined ? "" : JSON.stringify(value);
    query = queryOf(json);
  } else query = queryOf(json);
  const search = query.length > 0 ? `?${new URLSearchParams(query).toString()}` : "";
  const res = await rest(baseUrl, verb, path + search, { token, rawBody: body, headers: body !== undefined ? { "content-type": "application/json" } : {} });
  if (res.status === 200) return { code: "ok", message: "", body: res.json };
  return { code: (res.json?.code as Code) ?? Code.Unknown, message: String(res.json?.message ?? res.text), body: undefined };
}

function readPath(json: JsonObject, path: string[]): JsonValue | undefined {
  let target: JsonValue | undefined = json;
  for (const key of path) target = target && typeof target === "object" && !Array.isArray(target) ? target[key] : undefined;
  return target;
}
