package dev.capplanner.importing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.importing.inference.MutatingNames;
import org.junit.jupiter.api.Test;

/** A read's name contradicts it only when its operation's verb changes something, not when a noun looks like one. */
class MutatingNamesTest {

    @Test
    void aVerbLeadingTheNameOrEndingAResourceFirstNameIsTheOperations() {
        assertThat(MutatingNames.mutatingWord("sendReminder")).contains("send");
        assertThat(MutatingNames.mutatingWord("remember_note")).contains("remember");
        assertThat(MutatingNames.mutatingWord("ticket_create")).contains("create");
        assertThat(MutatingNames.mutatingWord("orders.delete")).contains("delete");
        assertThat(MutatingNames.mutatingWord("hubspot-create-contact", "hubspot")).contains("create");
        assertThat(MutatingNames.mutatingWord("Orders_DeleteById")).as("after a one-word group").contains("delete");
    }

    @Test
    void aNounSpelledLikeAVerbDoesNotContradictARead() {
        assertThat(MutatingNames.mutatingWord("ListIncomingPhoneNumberAssignedAddOn")).isEmpty();
        assertThat(MutatingNames.mutatingWord("FetchUsageTrigger")).isEmpty();
        assertThat(MutatingNames.mutatingWord("GetTransfersTransferReversalsId")).isEmpty();
        assertThat(MutatingNames.mutatingWord("GetApplePayDomains")).isEmpty();
        assertThat(MutatingNames.mutatingWord("pulls_get-merge-async-result")).isEmpty();
        assertThat(MutatingNames.mutatingWord("list_refunds")).isEmpty();
        assertThat(MutatingNames.mutatingWord("customer_refunds")).as("no verb: the method decides").isEmpty();
    }

    @Test
    void anActionStylePathSpeaksForAGeneratedNameOrANameEndingWithTheSameAction() {
        assertThat(MutatingNames.mutatingPathAction("/orders/{id}/cancel", "get_orders_id_cancel", true)).contains("cancel");
        assertThat(MutatingNames.mutatingPathAction("/messages/send", "get_messages_send", true)).contains("send");
        assertThat(MutatingNames.mutatingPathAction("/users/{id}/reset-password", "getUserResetPassword", false))
                .contains("reset");
        assertThat(MutatingNames.mutatingPathAction("/repos/{o}/{r}/pulls/{n}/merge-async/{uuid}",
                "pulls_get-merge-async-result", false)).as("a named read of a resource").isEmpty();
        assertThat(MutatingNames.mutatingPathAction("/Accounts/{A}/Recordings/{R}/AddOnResults/{Sid}.json",
                "FetchRecordingAddOnResult", false)).isEmpty();
        assertThat(MutatingNames.mutatingPathAction("/Usage/Triggers.json", "get_usage_triggers", true)).isEmpty();
    }

    @Test
    void aSecondVerbJoinedToARead() {
        assertThat(MutatingNames.mutatingWord("get_or_create_session")).contains("create");
        assertThat(MutatingNames.mutatingWord("fetchAndDeleteMessages")).contains("delete");
    }
}
