package dev.capplanner.gateway.mcp;

import dev.capplanner.contracts.events.Principal;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.Selection;
import dev.capplanner.contracts.events.ToolCall;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.gateway.rest.TurnAdmission;
import dev.capplanner.gateway.rest.TurnDispatch;
import dev.capplanner.gateway.turns.TurnKey;
import dev.capplanner.gateway.turns.TurnUpdate;
import io.opentelemetry.context.Context;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Runs the MCP face's calls as turns on the same topics as every turn: the run context is the
 * caller's verified principal (tenant, project, user, roles: nothing the client writes), the turn is
 * admitted by the same checks as {@code POST /turns} and the completion is awaited the same way.
 */
final class McpTurns {

    private final TurnAdmission admission;
    private final TurnDispatch dispatch;
    private final Duration timeout;

    McpTurns(TurnAdmission admission, TurnDispatch dispatch, Duration timeout) {
        this.admission = admission;
        this.dispatch = dispatch;
        this.timeout = timeout;
    }

    /** A question, with the row the caller chose from an earlier answer when it chose one. */
    TurnCompleted ask(Caller caller, String conversationId, String question, Selection selection)
            throws McpCallException {
        return run(caller, conversationId, question, selection, null);
    }

    /** A direct call of one capability: nothing is planned from words, the question only names the call. */
    TurnCompleted call(Caller caller, String conversationId, String mcpName, ToolCall call) throws McpCallException {
        return run(caller, conversationId, "Call " + mcpName, null, call);
    }

    private TurnCompleted run(Caller caller, String conversationId, String question, Selection selection,
                              ToolCall call) throws McpCallException {
        if (caller.principal().projectId() == null) {
            throw new McpCallException("the principal token names no project: the suite plans within one project");
        }
        String runId = "run-mcp-" + UUID.randomUUID();
        RunContext run = new RunContext(runId, "turn-mcp-" + UUID.randomUUID(), 0, caller.principal().tenantId(),
                caller.principal().projectId(), conversationId,
                new Principal(caller.principal().userId(), caller.principal().roles()));
        TurnRequested turn = new TurnRequested(TurnRequested.SCHEMA_VERSION, UUID.randomUUID().toString(),
                Instant.now(), run, question, List.of(), selection, List.of(), null, call);
        TurnAdmission.Admitted admitted;
        try {
            admitted = admission.admit(RunEventJson.toJson(turn), caller.authorization());
        } catch (jakarta.ws.rs.WebApplicationException refused) {
            throw McpCallException.of(refused);
        }
        CompletableFuture<String> completion = new CompletableFuture<>();
        Consumer<TurnUpdate> listener = update -> {
            if (update instanceof TurnUpdate.Completed completed) {
                completion.complete(completed.completionJson());
            }
        };
        TurnKey key;
        try {
            key = dispatch.waitFor(admitted, listener);
        } catch (jakarta.ws.rs.WebApplicationException refused) {
            throw McpCallException.of(refused);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            dispatch.published(admitted, key, listener, Context.current()).await().atMost(timeout);
            // One wait in all: publishing and completing share the caller's timeout.
            String json = completion.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            dispatch.count("completed");
            return RunEventJson.fromJson(json, TurnCompleted.class);
        } catch (jakarta.ws.rs.WebApplicationException refused) {
            throw McpCallException.of(refused);
        } catch (TimeoutException | io.smallrye.mutiny.TimeoutException e) {
            dispatch.count("timed_out");
            throw new McpCallException("the turn did not complete within " + timeout.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw new McpCallException("the turn could not be followed to its completion");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new McpCallException("interrupted while waiting for the turn");
        } finally {
            dispatch.forget(key, listener);
        }
    }

    /** Fields of a completion an MCP client's model may read (never the run's tenant, user or roles). */
    static Map<String, Object> structured(TurnCompleted completed) {
        Map<String, Object> shown = new java.util.LinkedHashMap<>();
        shown.put("outcome", completed.outcome());
        shown.put("summary", completed.summary());
        shown.put("conversationId", completed.run().conversationId());
        shown.put("runId", completed.run().runId());
        shown.put("evidence", completed.evidence());
        if (completed.handle() != null) {
            shown.put("handle", completed.handle());
        }
        if (completed.selectionCard() != null) {
            shown.put("selectionCard", completed.selectionCard());
        }
        if (completed.capabilities() != null) {
            shown.put("capabilities", completed.capabilities());
        }
        if (completed.alternative() != null) {
            shown.put("alternative", completed.alternative());
        }
        return shown;
    }

    /** What a call could not do, worded for the caller (a problem's detail, never a stack). */
    static final class McpCallException extends Exception {

        McpCallException(String message) {
            super(message, null, false, false);
        }

        static McpCallException of(jakarta.ws.rs.WebApplicationException refused) {
            Object entity = refused.getResponse().getEntity();
            String detail = entity instanceof dev.capplanner.contracts.http.Problem problem ? problem.detail()
                    : refused.getMessage();
            return new McpCallException(detail);
        }
    }
}
