extension HTMLText {
    /// A page script for copy buttons: a click on `button.copy` puts the text of the element just
    /// before it (a `<code>` command) on the clipboard, or selects it when the page may not write
    /// there (a `file:` page in some browsers). The gallery and the verify report use it.
    package static let copyButtonScript = """
        document.addEventListener('click', function (event) {
          var button = event.target.closest('button.copy');
          if (!button) return;
          var code = button.previousElementSibling;
          function select() {
            var range = document.createRange();
            range.selectNodeContents(code);
            var selection = window.getSelection();
            selection.removeAllRanges();
            selection.addRange(range);
            button.textContent = 'Selected';
          }
          if (navigator.clipboard && navigator.clipboard.writeText) {
            navigator.clipboard.writeText(code.textContent).then(function () { button.textContent = 'Copied'; }, select);
          } else {
            select();
          }
        });
        """
}
