// An MCP client (the official TypeScript SDK) using Capability Planner as an MCP server over streamable
// HTTP, as a desktop assistant or an IDE agent would: it lists the user's tools, finds tools for a task,
// plays the golden scenario through capplanner.ask (a choice from a list included) and calls catalog
// tools directly. Every request carries the user's principal token. It prints each call and its result
// (a transcript, on stderr), one line per outcome, then a JSON summary line.
//
//   npm ci && node mcp-client.mjs --mcp-url http://127.0.0.1:18087/mcp \
//       --signing-key /tmp/.../chat-backend-private-key.pem
import { createSign } from "node:crypto";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const { values: options } = parseArgs({
  options: {
    "mcp-url": { type: "string", default: "http://127.0.0.1:18087/mcp" },
    "signing-key": { type: "string" },
    issuer: { type: "string", default: "urn:capplanner:local-stack:chat-backend" },
    audience: { type: "string", default: "capplanner" },
    tenant: { type: "string", default: "acme" },
    project: { type: "string", default: "support-desk" },
    user: { type: "string", default: "u-17" },
    role: { type: "string", default: "support-agent" },
  },
});
if (!options["signing-key"]) {
  console.error("usage: node mcp-client.mjs --signing-key FILE [--mcp-url URL]");
  process.exit(2);
}

/**
 * The user's principal token, as the suite's identity provider would issue it (here signed with the
 * local stack's chat-backend key): who the user is comes from the token, never from a tool argument.
 */
function principalToken() {
  const now = Math.floor(Date.now() / 1000);
  const part = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${part({ alg: "RS256", typ: "JWT" })}.${part({
    iss: options.issuer, aud: options.audience, sub: options.user, tenant: options.tenant,
    project: options.project, groups: [options.role], iat: now, exp: now + 600,
  })}`;
  const signature = createSign("RSA-SHA256").update(unsigned)
    .sign(readFileSync(options["signing-key"], "utf8")).toString("base64url");
  return `${unsigned}.${signature}`;
}

const client = new Client({ name: "capplanner-mcp-client-example", version: "1.0.0" });
const transport = new StreamableHTTPClientTransport(new URL(options["mcp-url"]), {
  requestInit: { headers: { Authorization: `Bearer ${principalToken()}` } },
});

/** One call, written to the transcript with its result. */
async function call(name, args) {
  console.error(`> tools/call ${JSON.stringify({ name, arguments: args })}`);
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
  console.error(`< ${JSON.stringify(result)}`);
  return result;
}

const outcomes = [];
function show(result) {
  const outcome = result.structuredContent?.outcome ?? (result.isError ? "error" : "ok");
  outcomes.push(outcome);
  // The summary's first line, after its outcome prefix ("selection_required: ...").
  const said = (result.content?.[0]?.text ?? "").split("\n")[0].replace(/^[a-z_]+:\s*/, "");
  console.log(`${outcome}: ${said}`);
  return result.structuredContent ?? {};
}

async function goldenScenario() {
  const question = "Show the orders for Riccardo Lorini";
  const which = show(await call("capplanner.ask", { question }));
  if (which.outcome === "selection_required") {
    // The user picks the card's first option; the question is asked again with that customer's row.
    const row = which.selectionCard?.options?.[0]?.row ?? 1;
    const orders = show(await call("capplanner.ask", {
      question, conversationId: which.conversationId, selection: { handle: which.handle, row },
    }));
    if (orders.outcome === "artifact") {
      // The user picks the second order of the list; it answers "this order".
      show(await call("capplanner.ask", {
        question: "Show me the details of this order", conversationId: orders.conversationId,
        selection: { handle: orders.handle, row: 2 },
      }));
    }
  }
  show(await call("capplanner.ask", { question: "What can you do?" }));
  show(await call("capplanner.ask", { question: "Cancel order O-5002" }));
  show(await call("capplanner.ask", { question: "Is it going to rain in Milano tomorrow?" }));
}

try {
  await client.connect(transport);
  console.error(`> tools/list`);
  const { tools } = await client.listTools();
  console.error(`< ${JSON.stringify({ tools: tools.map((tool) => ({ name: tool.name, title: tool.title,
    readOnlyHint: tool.annotations?.readOnlyHint, inputSchema: tool.inputSchema })) })}`);
  const found = await call("capplanner.find_tools", { query: "where is the parcel of an order", limit: 3 });
  await goldenScenario();
  const golden = [...outcomes];
  // Direct calls of catalog tools: the planner validates each, the executor's last mile checks it.
  const detail = tools.find((tool) => tool.title === "api:demo-api/orders.detail");
  const direct = detail ? await call(detail.name, { orderId: "O-5002" }) : { isError: true };
  const tracking = tools.find((tool) => tool.title === "mcp:shipping-desk/track_shipment");
  const asAnotherTenant = tracking
    ? await call(tracking.name, { orderId: "O-5002", tenant: "globex" }) : { isError: false };
  let unknown = "";
  try {
    await call("demo-api.orders.cancel", { orderId: "O-5002" });
  } catch (error) {
    unknown = String(error.message ?? error);
    console.error(`< error ${unknown}`);
  }
  console.log(JSON.stringify({
    outcomes: golden,
    listed: tools.map((tool) => tool.name),
    found: (found.structuredContent?.tools ?? []).map((tool) => tool.name),
    direct: direct.structuredContent?.outcome ?? "error",
    directError: Boolean(direct.isError),
    anotherTenantRefused: Boolean(asAnotherTenant.isError),
    anotherTenantWhy: asAnotherTenant.content?.[0]?.text ?? "",
    unknownTool: unknown,
  }));
} catch (error) {
  console.error(`mcp-client example failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await client.close();
}
