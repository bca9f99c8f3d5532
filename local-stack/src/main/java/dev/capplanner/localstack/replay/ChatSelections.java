package dev.capplanner.localstack.replay;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.PrincipalHeader;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.Selection;
import dev.capplanner.contracts.events.TurnCompleted;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.contracts.principal.PrincipalTokenSigner;
import dev.capplanner.localstack.stack.ServiceProcess;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a chat backend does with a user's choice ({@code {"select": N}} lines): reads the N-th row of
 * the artifact the previous turn offered from the executor (only this tenant's conversation may), and
 * makes it the current selection: after {@code selection_required} the question is asked again with
 * it, as a new turn; after an {@code artifact} it is the selection of the conversation's next turn.
 * The chosen row is the one the executor stored, never one the client wrote.
 */
public final class ChatSelections {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ServiceProcess executor;
    private final PrincipalTokenSigner signer;
    private final HttpClient http = HttpClient.newHttpClient();
    private final Map<String, Selection> pending = new HashMap<>();

    ChatSelections(ServiceProcess executor, PrincipalTokenSigner signer) {
        this.signer = signer;
        this.executor = executor;
    }

    /** What a choice did: a turn to publish (the question asked again), or a selection kept for the next turn. */
    record Choice(Selection selection, TurnRequested reasked) {
    }

    /** The user picks row {@code n} of what {@code previous} completed with; empty when it offered nothing to choose. */
    Optional<Choice> choose(TurnRequested previous, TurnCompleted completed, int n) {
        if (completed == null || completed.handle() == null) {
            return Optional.empty();
        }
        Optional<Selection> row = row(previous.run(), completed.handle(), n);
        if (row.isEmpty()) {
            return Optional.empty();
        }
        if (!TurnCompleted.SELECTION_REQUIRED.equals(completed.outcome())) {
            pending.put(previous.run().conversationId(), row.get());
            return Optional.of(new Choice(row.get(), null));
        }
        RunContext run = previous.run();
        String suffix = "-choice-" + n;
        TurnRequested reasked = new TurnRequested(previous.schemaVersion(), previous.eventId() + suffix,
                java.time.Instant.now(), new RunContext(run.runId() + suffix, run.turnId() + suffix, 0, run.tenantId(),
                        run.projectId(), run.conversationId(), run.principal(), run.scope()), previous.question(),
                previous.recentTurns(), row.get(), previous.priorEvidence(), previous.command());
        return Optional.of(new Choice(row.get(), reasked));
    }

    /** The turn with the conversation's pending selection, when it has none of its own. */
    TurnRequested withPendingSelection(TurnRequested turn) {
        Selection selection = pending.remove(turn.run().conversationId());
        if (selection == null || turn.currentSelection() != null) {
            return turn;
        }
        return new TurnRequested(turn.schemaVersion(), turn.eventId(), turn.occurredAt(), turn.run(), turn.question(),
                turn.recentTurns(), selection, turn.priorEvidence(), turn.command());
    }

    static String json(TurnRequested turn) {
        return RunEventJson.toJson(turn);
    }

    private Optional<Selection> row(RunContext run, String handle, int n) {
        String url = executor.url("/artifacts/" + handle + "?conversationId=" + encoded(run.conversationId()));
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url))
                            .header("Authorization", PrincipalHeader.valueOf(signer.sign(run))).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return Optional.empty();
            }
            Map<String, Object> artifact = JSON.readValue(response.body(), new TypeReference<>() { });
            List<?> rows = (List<?>) artifact.get("rows");
            if (n > rows.size() || !(rows.get(n - 1) instanceof Map<?, ?> chosen) || artifact.get("entity") == null) {
                return Optional.empty();
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> values = (Map<String, Object>) chosen;
            return Optional.of(new Selection(String.valueOf(artifact.get("tool")), String.valueOf(artifact.get("entity")),
                    values));
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private static String encoded(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
