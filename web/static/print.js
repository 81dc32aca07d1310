// The print button of /print/{id}.
(function () {
  'use strict';
  var b = document.getElementById('print');
  if (b) { b.addEventListener('click', function () { window.print(); }); }
}());
