// A chat backend in Node.js that talks to Capability Planner, as docs/chat-backend.md describes: it
// signs a principal token per turn, hands the turn to the suite over Kafka (kafkajs) or over HTTP
// (POST /turns of the turn gateway, streamed as server-sent events), gets that turn's completion,
// reads a chosen row from the executor's artifact API and sends it back as the current selection. It
// plays the golden scenario and prints one line per turn, then a JSON line.
//
//   npm ci && node chat-backend.mjs --bootstrap 127.0.0.1:19092 --executor-url http://127.0.0.1:18084 \
//       --signing-key /tmp/.../chat-backend-private-key.pem
//   node chat-backend.mjs --gateway-url http://127.0.0.1:18087 --executor-url http://127.0.0.1:18084 \
//       --signing-key /tmp/.../chat-backend-private-key.pem        # HTTP: no Kafka client needed
//
// Over Kafka, several replicas of such a backend each read every completion with a consumer group of
// their own and keep only the turns they published (see "Several replicas" in docs/chat-backend.md);
// over HTTP the gateway does that for them.
import { createSign, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { parseArgs } from "node:util";

const TURN_REQUESTED = "capplanner.turn.requested.v1";
const TURN_COMPLETED = "capplanner.turn.completed.v1";

const { values: options } = parseArgs({
  options: {
    bootstrap: { type: "string", default: "127.0.0.1:19092" },
    "gateway-url": { type: "string" },
    "executor-url": { type: "string", default: "http://127.0.0.1:18084" },
    "signing-key": { type: "string" },
    issuer: { type: "string", default: "urn:capplanner:local-stack:chat-backend" },
    audience: { type: "string", default: "capplanner" },
    tenant: { type: "string", default: "acme" },
    project: { type: "string", default: "support-desk" },
    user: { type: "string", default: "u-17" },
    role: { type: "string", default: "support-agent" },
    "timeout-seconds": { type: "string", default: "60" },
  },
});
if (!options["signing-key"]) {
  console.error("usage: node chat-backend.mjs --signing-key FILE [--bootstrap HOST:PORT | --gateway-url URL] [--executor-url URL]");
  process.exit(2);
}
const signingKey = readFileSync(options["signing-key"], "utf8");
const timeoutMs = Number(options["timeout-seconds"]) * 1000;

/** A short-lived RS256 principal token for this run's principal (docs/chat-backend.md, "Principal token"). */
function principalToken(run) {
  const now = Math.floor(Date.now() / 1000);
  const part = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${part({ alg: "RS256", typ: "JWT" })}.${part({
    iss: options.issuer, aud: options.audience, sub: run.principal.userId, tenant: run.tenantId,
    project: run.projectId, groups: run.principal.roles, iat: now, exp: now + 300,
  })}`;
  const signature = createSign("RSA-SHA256").update(unsigned).sign(signingKey).toString("base64url");
  return `${unsigned}.${signature}`;
}

/** Publishes turns on Kafka and reads their completions back (kafkajs, loaded only for this transport). */
async function kafkaTurns() {
  const { Kafka, Partitioners, logLevel } = (await import("kafkajs")).default;
  // Completions this process waits for, by run id, conversation, tenant and user together.
  const pending = new Map();
  const keyOf = (run) => JSON.stringify([run.runId, run.conversationId, run.tenantId, run.principal.userId]);
  const kafka = new Kafka({ clientId: "chat-backend-example", brokers: options.bootstrap.split(","), logLevel: logLevel.WARN });
  // The Java client's partitioner (murmur2 of the key): a conversation's turns land on one partition,
  // whichever client published them, so they stay in order.
  const producer = kafka.producer({ idempotent: true, createPartitioner: Partitioners.DefaultPartitioner });
  // A group of its own per replica: every replica sees every completion and keeps its own.
  const consumer = kafka.consumer({ groupId: `chat-backend-example-${hostname()}-${process.pid}`, maxWaitTimeInMs: 100 });
  await producer.connect();
  await consumer.connect();
  await consumer.subscribe({ topic: TURN_COMPLETED, fromBeginning: false });
  // Ready once the first fetch after joining is done: the group's offsets are then at the end of
  // each partition, so no completion published after this point is missed.
  const ready = new Promise((resolve) => {
    const stop = consumer.on(consumer.events.FETCH, () => { stop(); resolve(); });
  });
  await consumer.run({
    eachMessage: async ({ message }) => {
      let completion;
      try {
        completion = JSON.parse(message.value.toString("utf8"));
      } catch {
        return; // not ours to judge: the suite dead-letters what it cannot read
      }
      const waiter = completion?.run && pending.get(keyOf(completion.run));
      if (waiter) {
        pending.delete(keyOf(completion.run));
        waiter(completion);
      }
    },
  });
  await ready;
  return {
    async completion(turn, token) {
      const run = turn.run;
      const completed = new Promise((resolve, reject) => {
        const timer = setTimeout(() => { pending.delete(keyOf(run)); reject(new Error(`no completion for ${run.runId}`)); }, timeoutMs);
        pending.set(keyOf(run), (completion) => { clearTimeout(timer); resolve(completion); });
      });
      await producer.send({
        topic: TURN_REQUESTED,
        messages: [{
          key: run.conversationId,
          value: JSON.stringify(turn),
          headers: {
            ce_specversion: "1.0", ce_id: turn.eventId, ce_type: "dev.capplanner.turn.requested.v1",
            ce_source: "urn:example:node-chat-backend", ce_subject: run.runId, "content-type": "application/json",
            authorization: `Bearer ${token}`,
          },
        }],
      });
      return completed;
    },
    async close() {
      await consumer.disconnect().catch(() => {});
      await producer.disconnect().catch(() => {});
    },
  };
}

/** POSTs turns to the turn gateway and reads the server-sent events of each until its completion. */
function httpTurns() {
  const url = `${options["gateway-url"].replace(/\/$/, "")}/turns?timeout=${Math.round(timeoutMs / 1000)}`;
  return {
    async completion(turn, token) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${token}` },
        body: JSON.stringify(turn),
      });
      if (!response.ok) {
        throw new Error(`POST /turns: HTTP ${response.status} ${await response.text()}`);
      }
      const decoder = new TextDecoder();
      let buffered = "";
      let event = null;
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk, { stream: true });
        let newline;
        while ((newline = buffered.indexOf("\n")) >= 0) {
          const line = buffered.slice(0, newline).replace(/\r$/, "");
          buffered = buffered.slice(newline + 1);
          if (line.startsWith("event:")) {
            event = line.slice(6).trim();
          } else if (line.startsWith("data:")) {
            const data = JSON.parse(line.slice(5).trim());
            if (event === "progress") {
              console.error(`  ... ${data.stage}`);
            } else if (event === "completed") {
              return data;
            } else if (event === "timeout") {
              throw new Error(data.detail);
            }
          }
        }
      }
      throw new Error(`the stream of ${turn.run.runId} ended without a completion`);
    },
    async close() {},
  };
}

const turns = options["gateway-url"] ? httpTurns() : await kafkaTurns();

/** Hands one turn to the suite and resolves with its completion. */
async function ask(conversationId, question, currentSelection) {
  const run = {
    runId: `run-${randomUUID()}`, turnId: `turn-${randomUUID()}`, iteration: 0, tenantId: options.tenant,
    projectId: options.project, conversationId, principal: { userId: options.user, roles: [options.role] },
  };
  const turn = { schemaVersion: "v1", eventId: randomUUID(), occurredAt: new Date().toISOString(), run, question };
  if (currentSelection) {
    turn.currentSelection = currentSelection;
  }
  return turns.completion(turn, principalToken(run));
}

/** Row {@code n} (1-based) of the artifact a completion names, as the current selection of the next turn. */
async function selection(completion, n) {
  const url = `${options["executor-url"]}/artifacts/${completion.handle}?conversationId=${encodeURIComponent(completion.run.conversationId)}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${principalToken(completion.run)}` } });
  if (!response.ok) {
    throw new Error(`artifact ${completion.handle}: HTTP ${response.status}`);
  }
  const artifact = await response.json();
  return { capability: artifact.tool, entity: artifact.entity, row: artifact.rows[n - 1] };
}

/** The user's words after the outcome prefix ("selection_required: ..."). */
const said = (completion) => completion.summary.replace(/^[a-z_]+:\s*/, "");

async function goldenScenario() {
  const outcomes = [];
  const show = (completion) => {
    outcomes.push(completion.outcome);
    console.log(`${completion.outcome}: ${said(completion)}`);
    return completion;
  };
  const conversation = `conv-${randomUUID()}`;
  const question = "Show the orders for Riccardo Lorini";
  const which = show(await ask(conversation, question));
  if (which.outcome === "selection_required") {
    // The user picks the card's first option; the question is asked again with that customer's row.
    const option = which.selectionCard?.options?.[0]?.row ?? 1;
    const orders = show(await ask(conversation, question, await selection(which, option)));
    if (orders.outcome === "artifact") {
      // The user picks the second order of the list; it answers "this order" in the next turn.
      show(await ask(conversation, "Show me the details of this order", await selection(orders, 2)));
    }
  }
  const other = `conv-${randomUUID()}`;
  show(await ask(other, "What can you do?"));
  show(await ask(other, "Cancel order O-5002"));
  show(await ask(`conv-${randomUUID()}`, "Is it going to rain in Milano tomorrow?"));
  return outcomes;
}

let status = 0;
try {
  console.log(JSON.stringify({ outcomes: await goldenScenario() }));
} catch (error) {
  console.error(`chat-backend example failed: ${error.message}`);
  status = 1;
} finally {
  await turns.close();
}
process.exit(status);
