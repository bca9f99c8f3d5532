package dev.capplanner.contracts.events;

/**
 * The slash commands a chat backend may pass with a turn ({@code TurnRequested.command}), each
 * honoured only for a tenant whose configuration trusts it. A command is the backend's, in its own
 * field: the same word in the question is the user's intent, read like any other text.
 */
public final class TurnCommands {

    /**
     * Every match: a step whose input several rows give is made once per row (within the executor's
     * maximum), without the question having to say "all"; still schema-checked, still within the route.
     */
    public static final String ALL = "/all";

    private TurnCommands() {
    }
}
