import { Bullets, Clause, LegalLayout, Term } from './LegalLayout';

/** The terms of use, written for a self-hosted instance: the operator provides the service, not a vendor. */
export function TermsOfService() {
  return (
    <LegalLayout
      title="Terms of Service"
      intro={
        <p>
          These terms apply when you create an account on, or use, this Linkvault instance. They are written
          in plain language; please read them together with the Privacy Policy.
        </p>
      }
    >
      <Clause id="service" title="1. The service">
        <p>
          Linkvault lets you save links, organise them in folders, keep highlighted snippets with notes, and
          receive automatic summaries and tags. This instance is provided by its <Term>operator</Term>, the
          person or organisation that runs the server. Plans and prices shown on the home page describe
          Linkvault in general; the operator decides what, if anything, they charge.
        </p>
      </Clause>

      <Clause id="account" title="2. Your account">
        <Bullets>
          <li>You must be at least 13 years old to create an account.</li>
          <li>Give a real e-mail address, keep your password to yourself, and use one account per person.</li>
          <li>
            You are responsible for what happens under your account. Tell the operator at once if you think
            someone else has used it.
          </li>
        </Bullets>
      </Clause>

      <Clause id="your-content" title="3. Your content">
        <p>
          The links, snippets and notes you save remain yours. You allow the instance to store them, fetch and
          analyse the pages you save, and show the results to you and to the assistants you authorise, solely
          to provide the service. Summaries are produced automatically and can be wrong or incomplete: check
          the original page before relying on one.
        </p>
      </Clause>

      <Clause id="acceptable-use" title="4. Acceptable use">
        <p>Do not use Linkvault to:</p>
        <Bullets>
          <li>break the law or infringe anyone else&apos;s rights;</li>
          <li>make the server fetch addresses in order to probe, attack or overload other systems;</li>
          <li>get around rate limits, access controls or another user&apos;s privacy;</li>
          <li>store material that is illegal to hold where the server is located.</li>
        </Bullets>
        <p>The operator may suspend accounts that break these rules.</p>
      </Clause>

      <Clause id="assistants" title="5. Connected assistants">
        <p>
          When you authorise an assistant it may read your folders and links within the scopes you approved.
          What the assistant does with that information is governed by its own terms. You can revoke its
          access at any time.
        </p>
      </Clause>

      <Clause id="availability" title="6. Availability and backups">
        <p>
          The operator aims to keep the instance running but does not promise uninterrupted service. Keep your
          own copy of anything you cannot afford to lose; the API lets you export your library at any time.
        </p>
      </Clause>

      <Clause id="ending" title="7. Ending your use">
        <p>
          You may stop using Linkvault and ask the operator to delete your account at any time. The operator
          may close accounts that break these terms or when they stop running the instance, and should give
          reasonable notice so that you can export your data first.
        </p>
      </Clause>

      <Clause id="liability" title="8. Warranty and liability">
        <p>
          Linkvault is provided as it is, without warranties of any kind. To the extent the law allows,
          neither the operator nor the authors of the software are liable for indirect or consequential
          losses, or for lost data. Nothing in these terms limits liability that cannot be limited by law.
        </p>
      </Clause>

      <Clause id="changes" title="9. Changes to these terms">
        <p>
          When these terms change, the date at the top changes with them. If you keep using the instance after
          a change takes effect, the new terms apply; if you do not agree, stop using it and ask for your data
          to be deleted.
        </p>
      </Clause>

      <Clause id="contact" title="10. Contact">
        <p>Questions about these terms go to the operator of this instance.</p>
      </Clause>
    </LegalLayout>
  );
}
