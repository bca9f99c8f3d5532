package dev.capplanner.localstack;

import dev.capplanner.localstack.replay.StackResult;
import dev.capplanner.localstack.replay.TurnReplay;
import dev.capplanner.localstack.stack.LocalStack;
import dev.capplanner.localstack.stack.StackOptions;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/** {@code ./run-local.sh}: start the stack, replay the turns, summarize, and keep running (or exit with --once). */
public final class LocalStackMain {

    /** Printed as is, then the file: a chat backend (or a script) finds the key it signs turns with. */
    static final String SIGNING_KEY_LINE = "chat-backend signing key  ";

    private LocalStackMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        for (String arg : args) {
            if (arg.equals("--help") || arg.equals("-h")) {
                out.print(StackOptions.USAGE);
                return 0;
            }
        }
        StackOptions options;
        try {
            options = StackOptions.parse(Path.of(System.getProperty("capplanner.home", ".")).toAbsolutePath(), args);
        } catch (StackOptions.UsageException e) {
            err.println("error: " + e.getMessage());
            err.print(StackOptions.USAGE);
            return 2;
        }
        LocalStack stack;
        try {
            stack = LocalStack.start(options, out);
        } catch (LocalStack.PortTakenException e) {
            err.println("error: " + e.getMessage());
            return 2;
        } catch (RuntimeException e) {
            err.println("error: the stack did not start: " + e.getMessage());
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stack.close();
            stopped.countDown();
        }, "local-stack-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        out.println(SIGNING_KEY_LINE + stack.chatBackendSigningKey());
        StackResult result = TurnReplay.on(stack).replay(options.turnsFile());
        if (!options.once()) {
            out.println();
            out.println("The stack keeps running. Press Ctrl-C to stop it.");
            stack.urls().forEach((name, url) -> out.printf("  %-28s %s%n", name, url));
            out.println(SIGNING_KEY_LINE + stack.chatBackendSigningKey());
            out.println(result.json());
            try {
                stopped.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return 0;
        }
        Runtime.getRuntime().removeShutdownHook(hook);
        stack.close();
        out.println(result.json());
        return result.allCompleted() ? 0 : 1;
    }
}
