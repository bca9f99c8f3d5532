package dev.capplanner.gateway.rest;

import dev.capplanner.contracts.http.Problem;
import dev.capplanner.gateway.kafka.RunEventFeed;
import dev.capplanner.gateway.kafka.TurnPublisher;
import dev.capplanner.gateway.turns.PendingTurns;
import dev.capplanner.gateway.turns.TurnKey;
import dev.capplanner.gateway.turns.TurnUpdate;
import dev.capplanner.problems.Problems;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.context.Context;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * Hands admitted turns to the suite for every face of the gateway ({@code POST /turns}, the MCP
 * server): a caller's wait is registered first (409 / 429 / 503 when it cannot be), then, once the
 * feed reads from where the turn's records will be, the turn is published in the caller's trace.
 * Refusals are {@link WebApplicationException}s carrying a problem document.
 */
@ApplicationScoped
public class TurnDispatch {

    private static final Logger LOG = Logger.getLogger(TurnDispatch.class);
    static final String TURNS = "capplanner.gateway.turns";
    private static final Duration POSITION_PATIENCE = Duration.ofSeconds(10);

    private final PendingTurns pending;
    private final RunEventFeed feed;
    private final TurnPublisher publisher;
    private final MeterRegistry meters;

    public TurnDispatch(PendingTurns pending, RunEventFeed feed, TurnPublisher publisher, MeterRegistry meters) {
        this.pending = pending;
        this.feed = feed;
        this.publisher = publisher;
        this.meters = meters;
        meters.gauge("capplanner.gateway.pending.turns", pending, PendingTurns::size);
    }

    /** Registers the caller's wait for this turn's updates, or refuses (409, 429, 503). */
    public TurnKey waitFor(TurnAdmission.Admitted turn, Consumer<TurnUpdate> listener) {
        TurnKey key = TurnKey.of(turn.turn().run());
        switch (pending.register(key, listener)) {
            case REGISTERED -> {
                return key;
            }
            case ALREADY_WAITING -> {
                count("conflict");
                throw new WebApplicationException(Problems.response(409, "this turn (run " + key.runId()
                        + ") is already being waited for; send a new run id for a new turn"));
            }
            case USER_FULL -> {
                count("busy");
                throw new WebApplicationException(refusal(429, "this user already waits for as many turns as one may; try again when one completes"));
            }
            default -> {
                count("busy");
                throw new WebApplicationException(refusal(503, "this gateway waits for as many turns as it may; try again shortly"));
            }
        }
    }

    /**
     * Publishes the turn once the feed is positioned. A failure frees the caller's slot and nothing was
     * published (a publish whose acknowledgement was lost may have reached the suite: its completion then
     * goes unanswered here).
     */
    public Uni<Void> published(TurnAdmission.Admitted turn, TurnKey key, Consumer<TurnUpdate> listener, Context trace) {
        return Uni.createFrom().completionStage(() -> feed.positioned().orTimeout(POSITION_PATIENCE.toMillis(),
                        TimeUnit.MILLISECONDS))
                .chain(ignored -> publisher.publish(turn.turn(), turn.token(), trace))
                .onFailure().transform(failure -> {
                    pending.remove(key, listener);
                    count("unpublished");
                    LOG.warnf("turn_not_published runId=%s: %s", key.runId(), failure.toString());
                    return new WebApplicationException(refusal(503,
                            "the turn could not be handed to the suite; send it again with a new run id"));
                });
    }

    /** The caller stopped waiting (it left, or its wait ended). */
    public void forget(TurnKey key, Consumer<TurnUpdate> listener) {
        pending.remove(key, listener);
    }

    /** Counts one turn by how it ended for its caller ({@code capplanner_gateway_turns_total{result}}). */
    public void count(String result) {
        meters.counter(TURNS, "result", result).increment();
    }

    static Response refusal(int status, String detail) {
        return Problems.builder(Problem.of(status, detail)).header(HttpHeaders.RETRY_AFTER, "1").build();
    }
}
