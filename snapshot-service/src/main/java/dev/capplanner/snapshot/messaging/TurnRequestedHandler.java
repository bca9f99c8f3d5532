package dev.capplanner.snapshot.messaging;

import dev.capplanner.contracts.PrincipalHeader;
import dev.capplanner.contracts.Topics;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.eventbus.StageRunner;
import dev.capplanner.snapshot.stage.SnapshotStage;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.header.Header;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/** turn requested (with its principal token header) -> {@link SnapshotStage} -> snapshot built. */
@ApplicationScoped
public class TurnRequestedHandler {

    private final StageRunner runner;
    private final SnapshotStage stage;

    public TurnRequestedHandler(StageRunner runner, SnapshotStage stage) {
        this.runner = runner;
        this.stage = stage;
    }

    @Incoming(Topics.TURN_REQUESTED)
    public Uni<Void> onTurnRequested(Message<String> record) {
        // Every header of that name: two tokens on one record are refused, not chosen between. Then the
        // tokens leave the record, so a dead letter (which copies the record's headers) never stores one.
        List<String> tokens = new ArrayList<>();
        record.getMetadata(IncomingKafkaRecordMetadata.class).ifPresent(kafka -> {
            for (Header header : kafka.getHeaders().headers(PrincipalHeader.NAME)) {
                tokens.add(header.value() == null ? "" : new String(header.value(), StandardCharsets.UTF_8));
            }
            kafka.getHeaders().remove(PrincipalHeader.NAME);
        });
        return runner.run(record, TurnRequested.class, (turn, stamps) -> stage.apply(turn, tokens, stamps));
    }
}
