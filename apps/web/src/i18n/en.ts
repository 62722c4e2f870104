import type { Messages } from './pt-br';

/** English — complete: typed against the pt-BR file, so a missing key fails the type check. */
const en: Messages = {
  global: {
    title: 'Taxpayer Registry',
    skipToContent: 'Skip to content',
    close: 'Close',
    loading: 'Loading data, please wait...',
    menu: {
      main: 'Main menu',
      home: 'Home',
      language: 'Language',
      toggle: 'Open the menu',
      edital: 'Notices',
      pessoa: 'Person',
      contribuintes: 'Taxpayers',
      relatorios: 'Reports',
      admin: { caixaCorreio: 'Mailbox (built-in SMTP)', main: 'Administration' },
      account: {
        main: 'Account',
        settings: 'Settings',
        password: 'Password',
        logout: 'Sign out',
        login: 'Sign in',
        register: 'Register',
      },
    },
    form: {
      username: { label: 'Login', placeholder: 'Your login' },
      email: { label: 'Email', placeholder: 'Your email' },
      togglePassword: 'Show or hide the password',
      currentpassword: { label: 'Current password' },
      newpassword: { label: 'New password', placeholder: 'New password' },
      confirmpassword: { label: 'New password confirmation', placeholder: 'Confirm the new password' },
    },
    messages: {
      info: {
        authenticated: {
          link: 'sign in',
          demo: 'Demo accounts: administrator (login "admin", password "admin") and user (login "user", password "user").',
        },
        register: { noaccount: "You don't have an account yet?", link: 'Register a new account' },
      },
      caixaCorreio: {
    title: 'Mailbox (built-in SMTP)',
    subtitle: 'Messages received by the built-in SMTP server (used when SMTP_URL is not set).',
    filter: 'Recipient contains',
    search: 'Search',
    empty: 'No records found.',
    receivedAt: 'Received at',
    to: 'To',
    subject: 'Subject',
  },
  pagination: {
    label: 'Pagination',
    first: 'First page',
    previous: 'Previous page',
    page: 'Page {{page}}',
    next: 'Next page',
    last: 'Last page',
    count: 'Showing {{first}} - {{last}} of {{total}} records',
  },
  error: { dontmatch: 'The password and its confirmation do not match!' },
      validate: {
        newpassword: {
          strength: 'Password strength:',
          level0: 'very weak',
          level1: 'weak',
          level2: 'fair',
          level3: 'good',
          level4: 'strong',
        },
      },
    },
  },
  entity: { action: { ok: 'OK', cancel: 'Cancel', save: 'Save', yes: 'Yes', no: 'No' } },
  home: {
    title: 'ICMS Taxpayer Registry',
    subtitle: 'State Finance Department of Alagoas — lookup and maintenance of the registry (CACEAL).',
    signin: { prefix: 'To use the system, ', link: 'sign in', suffix: ' with your login and password.' },
    logged: { message: 'You are logged in as user "{{username}}".' },
  },
  login: {
    title: 'Sign in',
    form: { passwordLabel: 'Password', passwordPlaceholder: 'Your password', rememberme: 'Remember me', button: 'Sign in' },
    messages: {
      error: {
        authentication: 'Failed to sign in! Please check your credentials and try again.',
        locked: 'Too many failed attempts. Wait a few minutes and try again.',
      },
    },
    password: { forgot: 'Did you forget your password?' },
  },
  register: {
    title: 'Registration',
    form: { button: 'Register' },
    messages: {
      success: 'Registration saved! Please check your email for confirmation.',
      error: {
        fail: 'Registration failed! Please try again later.',
        userexists: 'Login name already registered! Please choose another one.',
        emailexists: 'Email is already in use! Please choose another one.',
      },
    },
  },
  activate: {
    title: 'Activation',
    messages: {
      success: 'Your user account has been activated. Please',
      error: 'Your user could not be activated. Please use the registration form to sign up.',
    },
  },
  reset: {
    request: {
      title: 'Reset your password',
      form: { button: 'Reset password' },
      messages: {
        info: 'Enter the email address you used to register.',
        success: 'Check your emails for details on how to reset your password.',
        notfound: "Email address isn't registered! Please check and try again.",
      },
    },
    finish: {
      title: 'Reset password',
      form: { button: 'Validate new password' },
      messages: {
        info: 'Choose a new password.',
        success: 'Your password has been reset. Please',
        error: 'Your password couldn\'t be reset. Remember a password request is only valid for 24 hours.',
        keymissing: 'The reset key is missing.',
      },
    },
  },
  password: {
    title: 'Password for [{{username}}]',
    form: { button: 'Save' },
    messages: {
      success: 'Password changed!',
      error: 'An error has occurred! The password could not be changed.',
      invalid: 'The current password is incorrect.',
    },
  },
  settings: {
    title: 'User settings for [{{username}}]',
    form: { firstname: 'First Name', lastname: 'Last Name', language: 'Language', button: 'Save' },
    messages: {
      success: 'Settings saved!',
      error: { fail: 'An error has occurred! Settings could not be saved.', emailexists: 'Email is already in use! Please choose another one.' },
    },
  },
  error: {
    title: 'Error page!',
    generic: 'An unexpected error occurred.',
    csrf: 'Invalid browser session. Reload the page and try again.',
    validation: 'The form has invalid data.',
    fieldError: 'Error on field "{{field}}": {{message}}',
    server: { not: { reachable: 'Server not reachable' } },
    http: {
      '400': 'Bad request.',
      '401': 'Please sign in to continue.',
      '403': 'You are not authorized to access this page.',
      '404': 'Not found',
      '405': 'Method not allowed.',
      '429': 'Too many requests. Wait and try again.',
      '500': 'Internal server error.',
    },
  },
  validation: {
    required: 'This field is required.',
    minlength: 'This field is required to be at least {{n}} characters.',
    maxlength: 'This field cannot be longer than {{n}} characters.',
    pattern: "This field can only contain letters, digits and _ ' . @ -",
    email: 'Your email is invalid.',
    passwordMismatch: 'The password and its confirmation do not match!',
    invalidPassword: 'The current password is incorrect.',
  },
};

export default en;
