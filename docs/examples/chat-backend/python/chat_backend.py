"""A chat backend in Python that talks to Capability Planner, as docs/chat-backend.md describes: it
signs a principal token per turn (PyJWT), hands the turn to the suite over Kafka (confluent-kafka) or
over HTTP (POST /turns of the turn gateway, streamed as server-sent events), gets that turn's
completion, reads a chosen row from the executor's artifact API and sends it back as the current
selection. It plays the golden scenario and prints one line per turn, then a JSON line.

    python3 chat_backend.py --bootstrap 127.0.0.1:19092 --executor-url http://127.0.0.1:18084 \
        --signing-key /tmp/.../chat-backend-private-key.pem
    python3 chat_backend.py --gateway-url http://127.0.0.1:18087 --executor-url http://127.0.0.1:18084 \
        --signing-key /tmp/.../chat-backend-private-key.pem

Packages: PyJWT with cryptography (Debian: python3-jwt, python3-cryptography; pip: pyjwt[crypto]);
over Kafka also confluent-kafka (Debian: python3-confluent-kafka; pip: confluent-kafka).

Over Kafka, request-reply by run id: this process reads every partition of the completions topic
from its end, without a consumer group, and keeps only the turns it published, so several replicas
each see the completions of their own turns (see "Several replicas" in docs/chat-backend.md). Over
HTTP the gateway does that for it.
"""

import argparse
import json
import re
import sys
import time
import urllib.parse
import urllib.request
import uuid
from datetime import datetime, timezone

import jwt

TURN_REQUESTED = "capplanner.turn.requested.v1"
TURN_COMPLETED = "capplanner.turn.completed.v1"


class KafkaTurns:
    """Publishes a turn on Kafka and reads its completion back."""

    def __init__(self, options):
        from confluent_kafka import Consumer, Producer  # only this transport needs the Kafka client
        self.options = options
        # The Java client's partitioner (murmur2 of the key): a conversation's turns land on one partition,
        # whichever client published them, so they stay in order.
        self.producer = Producer({"bootstrap.servers": options.bootstrap, "enable.idempotence": True,
                                  "partitioner": "murmur2_random"})
        self.consumer = Consumer({
            "bootstrap.servers": options.bootstrap,
            # No group membership or commits: the partitions are assigned by hand below.
            "group.id": f"chat-backend-example-{uuid.uuid4()}",
            "enable.auto.commit": False,
            "fetch.wait.max.ms": 100,
        })
        self.start_at_end_of_completions()

    def start_at_end_of_completions(self):
        """Every partition of the completions topic from its current end: whatever completes after this is seen."""
        from confluent_kafka import TopicPartition
        partitions = self.consumer.list_topics(TURN_COMPLETED, timeout=10).topics[TURN_COMPLETED].partitions
        assignment = []
        for partition in partitions:
            _, end = self.consumer.get_watermark_offsets(TopicPartition(TURN_COMPLETED, partition), timeout=10)
            assignment.append(TopicPartition(TURN_COMPLETED, partition, end))
        self.consumer.assign(assignment)

    def completion(self, turn, token):
        run = turn["run"]
        headers = {
            "ce_specversion": "1.0", "ce_id": turn["eventId"], "ce_type": "dev.capplanner.turn.requested.v1",
            "ce_source": "urn:example:python-chat-backend", "ce_subject": run["runId"],
            "content-type": "application/json", "authorization": f"Bearer {token}",
        }
        self.producer.produce(TURN_REQUESTED, key=run["conversationId"], value=json.dumps(turn), headers=headers)
        if self.producer.flush(10) != 0:
            raise RuntimeError(f"turn {run['runId']} was not delivered")
        return self.completion_of(run)

    def completion_of(self, run):
        """Correlates by run id, conversation, tenant and user together: a run id is not a secret."""
        wanted = (run["runId"], run["conversationId"], run["tenantId"], run["principal"]["userId"])
        deadline = time.monotonic() + self.options.timeout_seconds
        while time.monotonic() < deadline:
            message = self.consumer.poll(0.2)
            if message is None or message.error():
                continue
            try:
                completion = json.loads(message.value())
                got = completion["run"]
                if (got["runId"], got["conversationId"], got["tenantId"], got["principal"]["userId"]) == wanted:
                    return completion
            except (ValueError, KeyError, TypeError):
                continue  # not ours to judge: the suite dead-letters what it cannot read
        raise TimeoutError(f"no completion for {run['runId']}")

    def close(self):
        self.consumer.close()


class HttpTurns:
    """POSTs a turn to the turn gateway and reads its server-sent events until the completion."""

    def __init__(self, options):
        self.url = options.gateway_url.rstrip("/") + "/turns?" + urllib.parse.urlencode(
            {"timeout": int(options.timeout_seconds)})

    def completion(self, turn, token):
        request = urllib.request.Request(self.url, data=json.dumps(turn).encode("utf-8"), method="POST", headers={
            "Content-Type": "application/json", "Accept": "text/event-stream", "Authorization": f"Bearer {token}"})
        event = None
        with urllib.request.urlopen(request, timeout=120) as stream:  # an HTTP error raises, with its problem document
            for raw in stream:
                line = raw.decode("utf-8").rstrip("\r\n")
                if line.startswith("event:"):
                    event = line[len("event:"):].strip()
                elif line.startswith("data:"):
                    data = json.loads(line[len("data:"):].strip())
                    if event == "progress":
                        print(f"  ... {data['stage']}", file=sys.stderr, flush=True)
                    elif event == "completed":
                        return data
                    elif event == "timeout":
                        raise TimeoutError(data.get("detail", "the turn did not complete in time"))
        raise RuntimeError(f"the stream of {turn['run']['runId']} ended without a completion")

    def close(self):
        pass


class ChatBackend:
    """Turns of one user, each signed with a short-lived principal token, over either transport."""

    def __init__(self, options, turns):
        self.options = options
        self.turns = turns
        with open(options.signing_key, encoding="utf-8") as key_file:
            self.signing_key = key_file.read()

    def principal_token(self, run):
        now = int(time.time())
        claims = {
            "iss": self.options.issuer, "aud": self.options.audience, "sub": run["principal"]["userId"],
            "tenant": run["tenantId"], "project": run["projectId"], "groups": run["principal"]["roles"],
            "iat": now, "exp": now + 300,
        }
        return jwt.encode(claims, self.signing_key, algorithm="RS256")

    def ask(self, conversation_id, question, current_selection=None):
        """Hands one turn to the suite and returns its completion."""
        run = {
            "runId": f"run-{uuid.uuid4()}", "turnId": f"turn-{uuid.uuid4()}", "iteration": 0,
            "tenantId": self.options.tenant, "projectId": self.options.project, "conversationId": conversation_id,
            "principal": {"userId": self.options.user, "roles": [self.options.role]},
        }
        turn = {
            "schemaVersion": "v1", "eventId": str(uuid.uuid4()),
            "occurredAt": datetime.now(timezone.utc).isoformat().replace("+00:00", "Z"), "run": run,
            "question": question,
        }
        if current_selection is not None:
            turn["currentSelection"] = current_selection
        return self.turns.completion(turn, self.principal_token(run))

    def selection(self, completion, n):
        """Row n (1-based) of the artifact a completion names, as the current selection of the next turn."""
        query = urllib.parse.urlencode({"conversationId": completion["run"]["conversationId"]})
        request = urllib.request.Request(
            f"{self.options.executor_url}/artifacts/{completion['handle']}?{query}",
            headers={"Authorization": f"Bearer {self.principal_token(completion['run'])}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            artifact = json.load(response)
        return {"capability": artifact["tool"], "entity": artifact["entity"], "row": artifact["rows"][n - 1]}

    def close(self):
        self.turns.close()


def said(completion):
    """The user's words after the outcome prefix ("selection_required: ...")."""
    return re.sub(r"^[a-z_]+:\s*", "", completion["summary"])


def golden_scenario(backend):
    outcomes = []

    def show(completion):
        outcomes.append(completion["outcome"])
        print(f"{completion['outcome']}: {said(completion)}", flush=True)
        return completion

    conversation = f"conv-{uuid.uuid4()}"
    question = "Show the orders for Riccardo Lorini"
    which = show(backend.ask(conversation, question))
    if which["outcome"] == "selection_required":
        # The user picks the card's first option; the question is asked again with that customer's row.
        options = (which.get("selectionCard") or {}).get("options") or [{"row": 1}]
        orders = show(backend.ask(conversation, question, backend.selection(which, options[0]["row"])))
        if orders["outcome"] == "artifact":
            # The user picks the second order of the list; it answers "this order" in the next turn.
            show(backend.ask(conversation, "Show me the details of this order", backend.selection(orders, 2)))
    other = f"conv-{uuid.uuid4()}"
    show(backend.ask(other, "What can you do?"))
    show(backend.ask(other, "Cancel order O-5002"))
    show(backend.ask(f"conv-{uuid.uuid4()}", "Is it going to rain in Milano tomorrow?"))
    return outcomes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bootstrap", default="127.0.0.1:19092", help="Kafka, unless --gateway-url is given")
    parser.add_argument("--gateway-url", help="the turn gateway (HTTP) instead of Kafka, e.g. http://127.0.0.1:18087")
    parser.add_argument("--executor-url", default="http://127.0.0.1:18084")
    parser.add_argument("--signing-key", required=True)
    parser.add_argument("--issuer", default="urn:capplanner:local-stack:chat-backend")
    parser.add_argument("--audience", default="capplanner")
    parser.add_argument("--tenant", default="acme")
    parser.add_argument("--project", default="support-desk")
    parser.add_argument("--user", default="u-17")
    parser.add_argument("--role", default="support-agent")
    parser.add_argument("--timeout-seconds", type=float, default=60)
    options = parser.parse_args()
    backend = ChatBackend(options, HttpTurns(options) if options.gateway_url else KafkaTurns(options))
    try:
        print(json.dumps({"outcomes": golden_scenario(backend)}), flush=True)
    except Exception as error:  # the example's one line of diagnosis
        print(f"chat-backend example failed: {error}", file=sys.stderr)
        return 1
    finally:
        backend.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
