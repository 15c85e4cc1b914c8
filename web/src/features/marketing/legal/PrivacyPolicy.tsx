import { Bullets, Clause, LegalLayout, Term } from './LegalLayout';

/**
 * The privacy policy. Linkvault is self-hosted, so it describes what the software does and names the
 * operator of each instance (not a company behind it) as the one responsible. SPEC.md §1 requires the
 * minimum age of 13, revocable access and the refresh-token example.
 */
export function PrivacyPolicy() {
  return (
    <LegalLayout
      title="Privacy Policy"
      intro={
        <p>
          Linkvault keeps the links you save, the snippets you highlight and the notes you write. This policy
          explains what is stored, what happens when a link is enriched, who can see your data and how to
          remove it. The short version: your library lives on the server that runs this instance, it is not
          sold or shared, and you can delete it whenever you like.
        </p>
      }
    >
      <Clause id="who" title="1. Who is responsible">
        <p>
          Linkvault is software that anyone can run on their own server. The person or organisation that runs
          the instance you are using (the <Term>operator</Term>) decides where it is hosted, who may sign up
          and how backups are kept, and is responsible for your data under the law that applies to them. If
          you run Linkvault for yourself, that is you.
        </p>
      </Clause>

      <Clause id="what-we-store" title="2. What is stored">
        <Bullets>
          <li>
            <Term>Your account:</Term> your name, your e-mail address and your password. The password is
            stored only as an Argon2id hash, never in readable form.
          </li>
          <li>
            <Term>Your library:</Term> the addresses, titles and descriptions of the links you save, your
            folders and their colours, and your snippets with the surrounding text and the notes you add.
          </li>
          <li>
            <Term>Enrichment results:</Term> for each link, the page title, description, preview image
            address, favicon address, summaries, key points, highlights and tags that Linkvault produced.
          </li>
          <li>
            <Term>Sessions:</Term> records of your signed-in devices. Session tokens are stored as hashes so
            that a copy of the database cannot be used to sign in as you.
          </li>
          <li>
            <Term>Security records:</Term> counts of recent sign-in attempts by network address, used only to
            slow down password guessing, and the server&apos;s operational logs, kept as the operator
            configures them.
          </li>
        </Bullets>
        <p>Linkvault does not collect your browsing history: it only knows about pages you choose to save.</p>
      </Clause>

      <Clause id="enrichment" title="3. What enrichment fetches">
        <p>
          When you save a link, the server (not your browser) downloads that one page to read its title,
          description, preview image and main text. The request carries none of your cookies or logins, so it
          sees only what a signed-out visitor would see. Addresses on private networks are refused unless the
          operator has allowed them.
        </p>
        <p>
          Summaries, key points and tags are written on the server by a built-in engine. An operator may
          instead connect a language model service; if they do, the text of the pages you save is sent to that
          service, and the operator should tell you which one it is.
        </p>
        <p>
          When the dashboard shows a preview image or favicon, your browser loads it from the website that
          published it, as it would if you visited that site.
        </p>
      </Clause>

      <Clause id="cookies" title="4. Cookies">
        <p>
          Linkvault sets one cookie: an httpOnly, same-site cookie holding your refresh token, which keeps you
          signed in. Scripts on the page cannot read it. The short-lived access token lives only in the
          page&apos;s memory. There are no analytics, advertising or tracking cookies.
        </p>
      </Clause>

      <Clause id="sharing" title="5. Who can see your data">
        <p>
          Your library is private to your account: other users of the same instance cannot see it. Linkvault
          sends nothing to third parties by default: no analytics, no advertising networks, no error trackers.
          The only outside requests are the page fetches described above and a language model service if the
          operator has configured one. The operator, who has access to the server, can see the database;
          choose an instance run by someone you trust, or run your own.
        </p>
      </Clause>

      <Clause id="assistants" title="6. Assistant access">
        <p>
          You can connect an AI assistant through OAuth. You see the assistant&apos;s name and the access it
          asks for (read:folders to view your folders and their names, read:links to view your saved links
          with their summaries) and decide whether to approve. Assistants can read; they can never change or
          delete anything.
        </p>
        <p>
          Access can be revoked at any time: remove Linkvault from the assistant, which revokes its tokens, or
          ask the operator to revoke them on the server. Signing out of Linkvault ends that browser&apos;s
          session at once.
        </p>
      </Clause>

      <Clause id="retention" title="7. How long data is kept">
        <p>
          Your library is kept until you delete it. Deleting a link removes it together with its summaries and
          tags; deleting a folder moves its links to Uncategorized. Tokens have a fixed life: for example,
          refresh tokens expire after about 30 days, and each one is replaced every time it is used. Copies in
          the operator&apos;s backups disappear as those backups are rotated.
        </p>
      </Clause>

      <Clause id="your-rights" title="8. Your choices and rights">
        <Bullets>
          <li>See everything you saved in the app, and export it through the documented API.</li>
          <li>Correct any link, folder or note, and delete any item at any time.</li>
          <li>Ask the operator to delete your account and everything in it.</li>
        </Bullets>
        <p>
          Depending on where you live you may have further rights, such as to object to processing or to
          complain to a data protection authority. Contact the operator to exercise them.
        </p>
      </Clause>

      <Clause id="security" title="9. Security">
        <p>
          Passwords are hashed with Argon2id, tokens are stored only as hashes, refresh tokens rotate on every
          use and a replayed one ends the whole session, and sign-in attempts are rate-limited. Operators
          should serve Linkvault over HTTPS and keep the server and its backups protected.
        </p>
      </Clause>

      <Clause id="children" title="10. Children">
        <p>
          The minimum age to use Linkvault is 13. Children under 13 must not create an account. If an operator
          learns that an account belongs to someone under 13, they should delete it and its data.
        </p>
      </Clause>

      <Clause id="changes" title="11. Changes to this policy">
        <p>
          If this policy changes, the date at the top changes with it. Significant changes should be announced
          by the operator before they take effect.
        </p>
      </Clause>

      <Clause id="contact" title="12. Contact">
        <p>
          Questions about your data go to the operator of this instance, the person or organisation who gave
          you access to it.
        </p>
      </Clause>
    </LegalLayout>
  );
}
