package dev.capplanner.localstack;

import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.localstack.stack.LocalStack;
import dev.capplanner.localstack.stack.StackOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The chat-backend examples of docs/examples/chat-backend and the MCP client of
 * docs/examples/mcp-client, run as a developer runs them against a stack: their own runtime and Kafka client, the stack's broker, executor and signing key. A
 * runtime or client library the machine lacks skips the test and says what to install (.ci/run
 * installs them).
 */
final class ChatBackendExamples {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the golden scenario's six turns complete with, in order. */
    static final String GOLDEN_OUTCOMES = "{\"outcomes\":[\"selection_required\",\"artifact\",\"answered\",\"help\","
            + "\"refused\",\"insufficient\"]}";

    private static final long TIMEOUT_SECONDS = 180;

    private final LocalStack stack;
    private final Path examples;

    ChatBackendExamples(LocalStack stack) {
        this.stack = stack;
        this.examples = stack.options().home().resolve("docs/examples/chat-backend");
    }

    /** How the example hands its turns to the suite. */
    enum Transport { KAFKA, HTTP }

    /** The Node.js example (kafkajs over Kafka; nothing but Node.js over HTTP); its output, stdout then stderr. */
    Result runNode(Transport transport) throws IOException, InterruptedException {
        Path dir = examples.resolve("node");
        assumeThat(works(List.of("node", "--version"))).as("Node.js on the PATH").isTrue();
        if (transport == Transport.KAFKA) {
            assumeThat(Files.isDirectory(dir.resolve("node_modules/kafkajs")))
                    .as("kafkajs installed: npm ci --prefix docs/examples/chat-backend/node").isTrue();
        }
        return run(dir, withStackArguments(List.of("node", "chat-backend.mjs"), transport));
    }

    /**
     * The MCP client example (docs/examples/mcp-client: the official TypeScript SDK's client) against the
     * gateway's MCP endpoint; its output, stdout then stderr (the transcript).
     */
    Result runMcpClient() throws IOException, InterruptedException {
        Path dir = stack.options().home().resolve("docs/examples/mcp-client");
        assumeThat(works(List.of("node", "--version"))).as("Node.js on the PATH").isTrue();
        assumeThat(Files.isDirectory(dir.resolve("node_modules/@modelcontextprotocol/sdk")))
                .as("the MCP TypeScript SDK installed: npm ci --prefix docs/examples/mcp-client").isTrue();
        return run(dir, List.of("node", "mcp-client.mjs", "--mcp-url", stack.apps().get(StackOptions.GATEWAY).url("/mcp"),
                "--signing-key", stack.chatBackendSigningKey().toString()));
    }

    /** The Python example (PyJWT; confluent-kafka over Kafka), with the first Python that has them. */
    Result runPython(Transport transport) throws IOException, InterruptedException {
        String imports = transport == Transport.KAFKA ? "import confluent_kafka, jwt, cryptography" : "import jwt, cryptography";
        Optional<String> python = List.of("python3", "/usr/bin/python3").stream()
                .filter(candidate -> works(List.of(candidate, "-c", imports))).findFirst();
        assumeThat(python).as("a python3 that can " + imports
                + " (Debian: python3-confluent-kafka python3-jwt python3-cryptography)").isPresent();
        return run(examples.resolve("python"), withStackArguments(List.of(python.get(), "chat_backend.py"), transport));
    }

    private List<String> withStackArguments(List<String> command, Transport transport) {
        List<String> full = new ArrayList<>(command);
        if (transport == Transport.KAFKA) {
            full.addAll(List.of("--bootstrap", stack.kafkaBootstrapServers()));
        } else {
            full.addAll(List.of("--gateway-url", stack.apps().get(StackOptions.GATEWAY).url("")));
        }
        full.addAll(List.of("--executor-url", stack.apps().get("executor-service").url(""),
                "--signing-key", stack.chatBackendSigningKey().toString()));
        return full;
    }

    private static Result run(Path dir, List<String> command) throws IOException, InterruptedException {
        Path out = Files.createTempFile("chat-backend-example", ".out");
        Path err = Files.createTempFile("chat-backend-example", ".err");
        try {
            Process process = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            int exit = process.isAlive() ? -1 : process.exitValue();
            return new Result(exit, Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static boolean works(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    record Result(int exit, String stdout, String stderr) {

        /** The last line the example printed, its JSON summary, as a tree (Python spaces its JSON, Node does not). */
        JsonNode summary() throws IOException {
            String[] lines = stdout.strip().split("\n");
            return JSON.readTree(lines[lines.length - 1]);
        }

        @Override
        public String toString() {
            return "exit " + exit + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr;
        }
    }
}
