// The proctoring start page's script, served as a file (the page's CSP allows no inline script): the three steps
// in order (each recorded by the tool), the camera check, then Start: the tool signs the LtiStartAssessment JWT and
// the page posts it into the activity frame. The camera tracks stop when the page goes away.
export const PROCTORING_SCRIPT = `'use strict';
(function () {
  var root = document.getElementById('proctoring');
  if (!root) return;
  var sessionId = root.getAttribute('data-session');
  var stream = null;
  var done = { identity: false, rules: false, camera: false };
  var log = [];

  function byId(id) { return document.getElementById(id); }
  function showError(text) { byId('step-error').textContent = text; }

  var LOG_TEXT = {
    launched: 'Proctoring session opened',
    identity: 'Identity confirmed',
    rules: 'Exam rules accepted',
    camera: 'Camera on',
    started: 'Exam started',
    ended: 'Exam finished'
  };

  function renderLog() {
    var list = byId('session-log');
    list.textContent = '';
    log.forEach(function (entry) {
      var item = document.createElement('li');
      var time = document.createElement('time');
      time.setAttribute('datetime', entry.at);
      time.textContent = new Date(entry.at).toLocaleTimeString();
      item.appendChild(time);
      item.appendChild(document.createTextNode(': ' + (LOG_TEXT[entry.event] || entry.event)));
      list.appendChild(item);
    });
  }

  function post(path, body) {
    return fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin'
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (!response.ok) throw new Error(data.message || 'The proctoring tool refused the request.');
        return data;
      });
    });
  }

  function updateStart() {
    byId('start-exam').disabled = !(done.identity && done.rules && done.camera);
  }

  function reveal(sectionId) {
    var section = byId(sectionId);
    section.hidden = false;
    section.querySelector('h2').focus();
  }

  function record(step) {
    showError('');
    return post('./proctoring/step', { session: sessionId, step: step }).then(function (data) {
      done[step] = true;
      log = data.log;
      updateStart();
      return data;
    });
  }

  function onCheckbox(input, next) {
    input.addEventListener('change', function () {
      if (!input.checked) return;
      input.disabled = true;
      record(input.getAttribute('data-step')).then(function () {
        reveal(next);
      }, function (error) {
        input.checked = false;
        input.disabled = false;
        showError(error.message);
      });
    });
  }

  onCheckbox(byId('confirm-identity'), 'step-rules');
  onCheckbox(byId('accept-rules'), 'step-camera');

  function cameraError(error) {
    var name = error && error.name;
    if (name === 'NotAllowedError' || name === 'SecurityError') {
      return 'The camera is blocked. Allow this page to use the camera in your browser, then press Check camera again.';
    }
    if (name === 'NotFoundError' || name === 'OverconstrainedError') {
      return 'No camera was found. Connect a camera, then press Check camera again.';
    }
    if (name === 'NotReadableError' || name === 'AbortError') {
      return 'The camera could not be started; another app may be using it. Close it, then press Check camera again.';
    }
    return 'The camera could not be started. Press Check camera to try again.';
  }

  function setCameraStatus(text, ok) {
    var status = byId('camera-status');
    status.className = ok ? 'status-ok' : 'status-error';
    status.textContent = text;
  }

  function stopCamera() {
    if (!stream) return;
    stream.getTracks().forEach(function (track) { track.stop(); });
    stream = null;
  }

  byId('check-camera').addEventListener('click', function () {
    var button = byId('check-camera');
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      setCameraStatus('This browser cannot use a camera on this page (it needs a secure connection).', false);
      return;
    }
    button.disabled = true;
    setCameraStatus('Starting the camera…', true);
    navigator.mediaDevices.getUserMedia({ video: true, audio: false }).then(function (media) {
      stopCamera();
      stream = media;
      var preview = byId('camera-preview');
      preview.srcObject = media;
      preview.hidden = false;
      return preview.play().catch(function () {}).then(function () { return record('camera'); });
    }).then(function () {
      setCameraStatus('Camera is working', true);
      button.disabled = false;
      byId('start-exam').focus();
    }, function (error) {
      button.disabled = false;
      if (error instanceof DOMException) {
        stopCamera();
        setCameraStatus(cameraError(error), false);
      } else {
        setCameraStatus('The camera check was not recorded: ' + error.message, false);
      }
    });
  });

  byId('start-exam').addEventListener('click', function () {
    var start = byId('start-exam');
    start.disabled = true;
    showError('');
    post('./proctoring/start', { session: sessionId }).then(function (data) {
      log = data.log;
      byId('steps').hidden = true;
      var view = byId('session-view');
      view.hidden = false;
      var small = byId('session-camera');
      small.srcObject = stream;
      small.play().catch(function () {});
      renderLog();
      var form = byId('start-assessment');
      form.elements.namedItem('JWT').value = data.jwt;
      form.submit();
      byId('session-heading').focus();
    }, function (error) {
      showError(error.message);
      updateStart();
    });
  });

  window.addEventListener('pagehide', stopCamera);
})();
`;
