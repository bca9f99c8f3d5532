package dev.capplanner.snapshot.bench;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.contracts.schema.EventSchemas;
import dev.capplanner.contracts.schema.RejectedEventException;
import dev.capplanner.contracts.schema.RunEventDecoder;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a consumer pays to take a record in: parse, check against its v1 schema, bind to the record.
 * Over events recorded from the local stack under load (contracts/src/test/resources/recorded/v1:
 * routes with eight full candidate definitions, snapshot indexes, plans, observations), one after
 * the other. {@code vertxValidated} is how every consumer decoded until 2026-12-05 (parsed into a
 * vertx JsonObject, validated by vertx-json-schema, parsed again into the record);
 * {@code compiled} is {@link RunEventDecoder} now (parsed once into a tree, checked by the compiled
 * schema, bound from the tree). Average time per record, 3 x 2 s warm-up, 5 x 2 s measurement, one fork.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class EventDecodingBenchmark {

    @Param({"TURN_REQUESTED", "SNAPSHOT_BUILT", "ROUTE_SELECTED", "PLAN_PROPOSED", "ACTIONS_EXECUTED",
            "SHADOW_COMPARED", "TURN_COMPLETED"})
    public String type;

    private EventType eventType;
    private List<String> records;
    private EventSchemas schemas;
    private RunEventDecoder decoder;
    private int next;

    @Setup
    public void read() {
        eventType = EventType.valueOf(type);
        Path dir = Path.of(System.getProperty("events.dir", "contracts/src/test/resources/recorded/v1"));
        Path file = dir.resolve(eventType.topic().replace("capplanner.", "").replace(".v1", "") + ".jsonl");
        try {
            records = Files.readAllLines(file).stream().filter(line -> !line.isBlank()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("run from the repository root, or set -Devents.dir", e);
        }
        schemas = new EventSchemas();
        decoder = new RunEventDecoder(schemas);
    }

    private String nextRecord() {
        String record = records.get(next);
        next = (next + 1) % records.size();
        return record;
    }

    @Benchmark
    public RunEvent vertxValidated() {
        String raw = nextRecord();
        List<String> violations = schemas.violations(eventType, new JsonObject(raw));
        if (!violations.isEmpty()) {
            throw new RejectedEventException(String.join("; ", violations));
        }
        return RunEventJson.fromJson(raw, eventType.recordType());
    }

    @Benchmark
    public RunEvent compiled() {
        return decoder.decode(nextRecord(), eventType, eventType.recordType());
    }
}
