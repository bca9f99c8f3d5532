package dev.capplanner.executor.authorization;

/** The last-mile verdict for one physical call; a denial names the rule that refused it. */
public record AuthorizationDecision(boolean allowed, DenialRule rule, String reason) {

    public static AuthorizationDecision allow() {
        return new AuthorizationDecision(true, null, null);
    }

    public static AuthorizationDecision deny(DenialRule rule, String reason) {
        return new AuthorizationDecision(false, rule, reason);
    }
}
