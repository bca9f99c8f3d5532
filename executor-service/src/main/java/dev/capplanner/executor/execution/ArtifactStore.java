package dev.capplanner.executor.execution;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Keeps a collection result's complete rows as a selectable artifact (rule "selectable artifacts"),
 * for one tenant, conversation and user, under a handle the chat backend renders rows with and sends back
 * with the user's choice. The same call (run, iteration, action) keeps one artifact, however often
 * its plan is delivered.
 */
public interface ArtifactStore {

    /** Keeps nothing: results carry no handle. */
    ArtifactStore NONE = (key, scope, source, collectionPath, rows) -> CompletableFuture.completedFuture(null);

    /** @return the artifact's handle ({@code art_} and 32 hex digits) */
    CompletionStage<String> keep(CallLedger.CallKey key, Scope scope, Source tool, String collectionPath,
                                 List<Object> rows);

    /** The tool whose rows these are, and the entity they are (what a chosen row becomes the selection of). */
    record Source(String tool, String entity) {
    }

    /** Whose artifact it is: only this user, in this tenant's conversation, may read it. */
    record Scope(String tenantId, String conversationId, String userId) {
    }
}
