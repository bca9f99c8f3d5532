package dev.capplanner.localstack;

import dev.capplanner.localstack.replay.StackResult;
import dev.capplanner.localstack.replay.TurnReplay;
import dev.capplanner.localstack.stack.LocalStack;
import dev.capplanner.localstack.stack.StackOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** The packaged stack replaying the bundled demo conversation once, in one planner mode, for an IT. */
final class DemoStackRun implements AutoCloseable {

    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final LocalStack stack;
    private final StackResult result;

    private DemoStackRun(String plannerMode, boolean gateway) {
        Path home = Path.of(System.getProperty("capplanner.home", "..")).toAbsolutePath();
        Map<String, Integer> http = new LinkedHashMap<>();
        // Port 0 everywhere: each server binds a port itself (PostgreSQL's is picked and retried).
        StackOptions.APPS.forEach(app -> http.put(app, 0));
        if (gateway) {
            http.put(StackOptions.GATEWAY, 0);
        }
        StackOptions options = new StackOptions(home, home.resolve("demo/conversation.jsonl"), true, 0, 0, http, 0,
                Duration.ofSeconds(60), plannerMode);
        PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8);
        stack = LocalStack.start(options, out);
        result = TurnReplay.on(stack).replay(options.turnsFile());
        System.out.println(output());
    }

    static DemoStackRun replay(String plannerMode) {
        return new DemoStackRun(plannerMode, false);
    }

    /** As {@link #replay}, with the turn gateway running too (POST /turns). */
    static DemoStackRun replayWithGateway(String plannerMode) {
        return new DemoStackRun(plannerMode, true);
    }

    String output() {
        return output.toString(StandardCharsets.UTF_8);
    }

    StackResult result() {
        return result;
    }

    LocalStack stack() {
        return stack;
    }

    String kafkaBootstrapServers() {
        return stack.kafkaBootstrapServers();
    }

    StackResult.TurnOutcome outcome(String runId) {
        return result.outcomes().stream().filter(o -> o.runId().equals(runId)).findFirst().orElseThrow();
    }

    @Override
    public void close() {
        stack.close();
    }
}
