package dev.capplanner.gateway.rest;

import dev.capplanner.contracts.http.Problem;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.gateway.config.GatewayConfig;
import dev.capplanner.gateway.turns.TurnKey;
import dev.capplanner.gateway.turns.TurnUpdate;
import dev.capplanner.problems.Problems;
import io.opentelemetry.context.Context;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Vertx;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * {@code POST /turns}: a turn-requested v1 event in, its completion out, for a chat backend that does
 * not speak Kafka. The turn travels the same topics as any other (this resource publishes it and reads
 * what the pipeline publishes for it), so Kafka stays the backbone and any replica of the gateway
 * answers its own callers. {@code Accept: text/event-stream} streams the turn's progress
 * ({@code event: progress}) and then its completion ({@code event: completed}); otherwise the
 * completion is the response body, or 504 after the wait ({@code ?timeout=} seconds). Both answers
 * refuse alike, before anything is published (the responses declared on the class).
 */
@APIResponse(responseCode = "400", description = "the body violates turn-requested.json, or timeout is not 1..max-timeout",
        content = @Content(mediaType = Problem.MEDIA_TYPE))
@APIResponse(responseCode = "401", description = "no principal token, or one that does not verify or asserts another principal",
        content = @Content(mediaType = Problem.MEDIA_TYPE))
@APIResponse(responseCode = "409", description = "this turn is already being waited for", content = @Content(mediaType = Problem.MEDIA_TYPE))
@APIResponse(responseCode = "429", description = "this user waits for as many turns as one may (Retry-After)",
        content = @Content(mediaType = Problem.MEDIA_TYPE))
@APIResponse(responseCode = "503", description = "the gateway is full or cannot reach Kafka (Retry-After)",
        content = @Content(mediaType = Problem.MEDIA_TYPE))
@Path("/turns")
public class TurnsResource {

    private static final String TURN = "A turn-requested v1 event (contracts/src/main/resources/schemas/v1/turn-requested.json)";
    private static final String TIMEOUT = "seconds to wait for the completion (default gateway.default-timeout, 60;"
            + " at most gateway.max-timeout, 300)";

    private final TurnAdmission admission;
    private final TurnDispatch dispatch;
    private final GatewayConfig config;
    private final Vertx vertx;

    public TurnsResource(TurnAdmission admission, TurnDispatch dispatch, GatewayConfig config, Vertx vertx) {
        this.admission = admission;
        this.dispatch = dispatch;
        this.config = config;
        this.vertx = vertx;
    }

    /** Waits for the completion and answers it (200), or 504 when it takes longer than the wait. */
    @Operation(summary = "Hand a turn to the suite and wait for its completion")
    @RequestBody(required = true, description = TURN, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(type = SchemaType.OBJECT)))
    @APIResponse(responseCode = "200", description = "the turn's turn.completed v1 event",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.OBJECT)))
    @APIResponse(responseCode = "504", description = "the turn did not complete within the wait", content = @Content(mediaType = Problem.MEDIA_TYPE))
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Blocking
    public Uni<Response> await(String body, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                               @QueryParam("timeout") @Parameter(description = TIMEOUT, schema = @Schema(
                                       type = SchemaType.INTEGER, minimum = "1")) String timeoutSeconds) {
        Duration timeout = timeout(timeoutSeconds);
        TurnAdmission.Admitted turn = admit(body, authorization);
        Context trace = Context.current();
        CompletableFuture<String> completion = new CompletableFuture<>();
        Consumer<TurnUpdate> listener = update -> {
            if (update instanceof TurnUpdate.Completed completed) {
                completion.complete(completed.completionJson());
            }
        };
        TurnKey key = dispatch.waitFor(turn, listener);
        return dispatch.published(turn, key, listener, trace)
                .chain(ignored -> Uni.createFrom().completionStage(completion))
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .ifNoItem().after(timeout).recoverWithItem(() -> null)
                .map(json -> {
                    if (json == null) {
                        dispatch.forget(key, listener);
                        dispatch.count("timed_out");
                        return Problems.response(504, "the turn did not complete within " + timeout.toSeconds()
                                + " s; its completion will still be published on capplanner.turn.completed.v1");
                    }
                    dispatch.count("completed");
                    return Response.ok(json, MediaType.APPLICATION_JSON).build();
                })
                .onCancellation().invoke(() -> dispatch.forget(key, listener));
    }

    /**
     * Streams progress and then the completion as server-sent events. Once the stream has started its
     * status is 200: a turn that could not be handed to the suite ends it with {@code event: error}
     * (a problem document), one that did not complete in time with {@code event: timeout}.
     */
    @Operation(summary = "Hand a turn to the suite and stream its progress and completion as server-sent events")
    @RequestBody(required = true, description = TURN, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(type = SchemaType.OBJECT)))
    @APIResponse(responseCode = "200", description = "event: progress {stage, iteration} per stage, then event: completed"
            + " (the turn.completed v1 event); event: timeout or event: error end the stream instead",
            content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS))
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Blocking
    public void stream(String body, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                       @QueryParam("timeout") @Parameter(description = TIMEOUT, schema = @Schema(type = SchemaType.INTEGER,
                               minimum = "1")) String timeoutSeconds, @jakarta.ws.rs.core.Context SseEventSink sink,
                       @jakarta.ws.rs.core.Context Sse sse) {
        Duration timeout = timeout(timeoutSeconds);
        TurnAdmission.Admitted turn = admit(body, authorization);
        Context trace = Context.current();
        AtomicLong timer = new AtomicLong(-1);
        StreamListener listener = new StreamListener(sink, sse, timer);
        TurnKey key = dispatch.waitFor(turn, listener);
        listener.key = key;
        timer.set(vertx.setTimer(timeout.toMillis(), id -> {
            dispatch.forget(key, listener);
            dispatch.count("timed_out");
            listener.end("timeout", "{\"detail\":\"the turn did not complete within " + timeout.toSeconds() + " s\"}");
        }));
        dispatch.published(turn, key, listener, trace).subscribe().with(ignored -> { }, failure -> {
            vertx.cancelTimer(timer.get());
            Response problem = failure instanceof WebApplicationException refused ? refused.getResponse()
                    : Problems.response(503, "the turn could not be handed to the suite");
            listener.end("error", RunEventJson.toJson(problem.getEntity()));
        });
    }

    /** Writes a turn's updates to its stream; a stream the caller left ends the wait. */
    private final class StreamListener implements Consumer<TurnUpdate> {

        private final SseEventSink sink;
        private final Sse sse;
        private final AtomicLong timer;
        private volatile TurnKey key;

        StreamListener(SseEventSink sink, Sse sse, AtomicLong timer) {
            this.sink = sink;
            this.sse = sse;
            this.timer = timer;
        }

        @Override
        public void accept(TurnUpdate update) {
            if (update instanceof TurnUpdate.Progress progress) {
                send(sse.newEvent("progress", "{\"stage\":\"" + progress.stage().wireName() + "\",\"iteration\":"
                        + progress.iteration() + "}"));
            } else if (update instanceof TurnUpdate.Completed completed) {
                vertx.cancelTimer(timer.get());
                dispatch.count("completed");
                end("completed", completed.completionJson());
            }
        }

        void end(String event, String data) {
            if (sink.isClosed()) {
                return;
            }
            try {
                sink.send(sse.newEvent(event, data)).whenComplete((done, failure) -> sink.close());
            } catch (IllegalStateException closedMeanwhile) {
                sink.close();
            }
        }

        private void send(OutboundSseEvent event) {
            if (sink.isClosed()) {
                gone();
                return;
            }
            try {
                sink.send(event).whenComplete((done, failure) -> {
                    if (failure != null) {
                        gone();
                    }
                });
            } catch (IllegalStateException closedMeanwhile) {
                gone();
            }
        }

        /** The caller left: its slot is freed now, not when its wait would have ended. */
        private void gone() {
            vertx.cancelTimer(timer.get());
            if (key != null) {
                dispatch.forget(key, this);
            }
        }
    }

    private TurnAdmission.Admitted admit(String body, String authorization) {
        try {
            return admission.admit(body, authorization);
        } catch (WebApplicationException e) {
            dispatch.count(e.getResponse().getStatus() == 401 ? "unauthenticated" : "invalid");
            throw e;
        }
    }

    private Duration timeout(String seconds) {
        if (seconds == null) {
            return config.defaultTimeout();
        }
        long value;
        try {
            value = Long.parseLong(seconds);
        } catch (NumberFormatException e) {
            value = -1;
        }
        if (value < 1 || value > config.maxTimeout().toSeconds()) {
            throw new WebApplicationException(Problems.response(400, "timeout must be a number of seconds between 1 and "
                    + config.maxTimeout().toSeconds()));
        }
        return Duration.ofSeconds(value);
    }
}
