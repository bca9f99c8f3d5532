package dev.capplanner.gateway.rest;

import dev.capplanner.gateway.config.GatewayConfig;
import dev.capplanner.gateway.kafka.RunEventFeed;
import dev.capplanner.gateway.kafka.TurnPublisher;
import dev.capplanner.gateway.turns.PendingTurns;
import dev.capplanner.gateway.turns.TurnKey;
import dev.capplanner.gateway.turns.TurnUpdate;
import dev.capplanner.problems.Problems;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * {@code POST /turns}: a turn-requested v1 event in, its completion out, for a chat backend that does
 * not speak Kafka. The turn travels the same topics as any other (this resource publishes it and reads
 * what the pipeline publishes for it), so Kafka stays the backbone and any replica of the gateway
 * answers its own callers. {@code Accept: text/event-stream} streams the turn's progress
 * ({@code event: progress}) and then its completion ({@code event: completed}); otherwise the
 * completion is the response body, or 504 after the wait ({@code ?timeout=} seconds).
 */
@Path("/turns")
public class TurnsResource {

    private static final Logger LOG = Logger.getLogger(TurnsResource.class);
    static final String TURNS = "capplanner_gateway_turns";
    private static final Duration POSITION_PATIENCE = Duration.ofSeconds(10);

    private final TurnAdmission admission;
    private final PendingTurns pending;
    private final RunEventFeed feed;
    private final TurnPublisher publisher;
    private final GatewayConfig config;
    private final MeterRegistry meters;
    private final Vertx vertx;

    public TurnsResource(TurnAdmission admission, PendingTurns pending, RunEventFeed feed, TurnPublisher publisher,
                         GatewayConfig config, MeterRegistry meters, Vertx vertx) {
        this.admission = admission;
        this.pending = pending;
        this.feed = feed;
        this.publisher = publisher;
        this.config = config;
        this.meters = meters;
        this.vertx = vertx;
        meters.gauge("capplanner_gateway_pending_turns", pending, PendingTurns::size);
    }

    /** Waits for the completion and answers it (200), or 504 when it takes longer than the wait. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Blocking
    public Uni<Response> await(String body, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                               @QueryParam("timeout") Integer timeoutSeconds) {
        Duration timeout = timeout(timeoutSeconds);
        TurnAdmission.Admitted turn = admit(body, authorization);
        CompletableFuture<String> completion = new CompletableFuture<>();
        TurnKey key = waitFor(turn, update -> {
            if (update instanceof TurnUpdate.Completed completed) {
                completion.complete(completed.completionJson());
            }
        });
        return published(turn, key)
                .chain(ignored -> Uni.createFrom().completionStage(completion))
                .ifNoItem().after(timeout).recoverWithItem(() -> null)
                .map(json -> {
                    if (json == null) {
                        pending.remove(key);
                        count("timed_out");
                        return Problems.response(504, "the turn did not complete within " + timeout.toSeconds()
                                + " s; its completion will still be published on capplanner.turn.completed.v1");
                    }
                    count("completed");
                    return Response.ok(json, MediaType.APPLICATION_JSON).build();
                })
                .onCancellation().invoke(() -> pending.remove(key));
    }

    /** Streams progress and then the completion as server-sent events; a timeout ends the stream with {@code event: timeout}. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Blocking
    public void stream(String body, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                       @QueryParam("timeout") Integer timeoutSeconds, @Context SseEventSink sink, @Context Sse sse) {
        Duration timeout = timeout(timeoutSeconds);
        TurnAdmission.Admitted turn = admit(body, authorization);
        TurnKey key = waitFor(turn, update -> {
            if (sink.isClosed()) {
                return;
            }
            if (update instanceof TurnUpdate.Progress progress) {
                sink.send(sse.newEventBuilder().name("progress")
                        .data("{\"stage\":\"" + progress.stage().wireName() + "\",\"iteration\":" + progress.iteration() + "}")
                        .build());
            } else if (update instanceof TurnUpdate.Completed completed) {
                count("completed");
                sink.send(sse.newEventBuilder().name("completed")
                        .data(completed.completionJson()).build()).whenComplete((done, failure) -> sink.close());
            }
        });
        long timer = vertx.setTimer(timeout.toMillis(), id -> {
            pending.remove(key);
            if (!sink.isClosed()) {
                count("timed_out");
                sink.send(sse.newEventBuilder().name("timeout")
                        .data("{\"detail\":\"the turn did not complete within " + timeout.toSeconds() + " s\"}").build())
                        .whenComplete((done, failure) -> sink.close());
            }
        });
        try {
            published(turn, key).await().atMost(POSITION_PATIENCE.plusSeconds(30));
        } catch (RuntimeException e) {
            vertx.cancelTimer(timer);
            throw e;
        }
    }

    private TurnAdmission.Admitted admit(String body, String authorization) {
        try {
            return admission.admit(body, authorization);
        } catch (WebApplicationException e) {
            count(e.getResponse().getStatus() == 401 ? "unauthenticated" : "invalid");
            throw e;
        }
    }

    private TurnKey waitFor(TurnAdmission.Admitted turn, Consumer<TurnUpdate> listener) {
        TurnKey key = TurnKey.of(turn.turn().run());
        PendingTurns.Registration registration = pending.register(key, listener);
        if (registration == PendingTurns.Registration.ALREADY_WAITING) {
            count("conflict");
            throw new WebApplicationException(Problems.response(409, "this turn (run " + key.runId()
                    + ") is already being waited for; send a new run id for a new turn"));
        }
        if (registration == PendingTurns.Registration.FULL) {
            count("busy");
            throw new WebApplicationException(Problems.builder(dev.capplanner.contracts.http.Problem.of(503,
                    "this gateway waits for as many turns as it may; try again shortly"))
                    .header(HttpHeaders.RETRY_AFTER, "1").build());
        }
        return key;
    }

    /** Once the feed reads from where this turn's records will be, the turn is published. */
    private Uni<Void> published(TurnAdmission.Admitted turn, TurnKey key) {
        return Uni.createFrom().completionStage(() -> feed.positioned().orTimeout(POSITION_PATIENCE.toMillis(),
                        TimeUnit.MILLISECONDS))
                .chain(ignored -> publisher.publish(turn.turn(), turn.token()))
                .onFailure().transform(failure -> {
                    pending.remove(key);
                    count("unpublished");
                    LOG.warnf("turn_not_published runId=%s: %s", key.runId(), failure.toString());
                    return new WebApplicationException(Problems.builder(dev.capplanner.contracts.http.Problem.of(503,
                            "the turn could not be handed to the suite; send it again")).header(HttpHeaders.RETRY_AFTER, "1")
                            .build());
                });
    }

    private Duration timeout(Integer seconds) {
        if (seconds == null) {
            return config.defaultTimeout();
        }
        if (seconds < 1 || seconds > config.maxTimeout().toSeconds()) {
            throw new WebApplicationException(Problems.response(400, "timeout must be between 1 and "
                    + config.maxTimeout().toSeconds() + " seconds"));
        }
        return Duration.ofSeconds(seconds);
    }

    private void count(String result) {
        meters.counter(TURNS, "result", result).increment();
    }
}
