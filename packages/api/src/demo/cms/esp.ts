import type { CmsTexts } from './types.js';

/** Spanish. */
export const esp: CmsTexts = {
  about_us: `<h2>Acerca de {site}</h2>
<p>{site} es un sitio de juego en línea con tragamonedas, casino en vivo, apuestas deportivas, juegos de pesca, lotería y mucho más, todo en una sola cuenta y en {currency}.</p>
<p>Trabajamos con proveedores de juegos autorizados cuyos resultados se generan con generadores de números aleatorios certificados, y mantenemos los fondos de nuestros jugadores separados de nuestro dinero operativo.</p>
<h3>Nuestros compromisos</h3>
<ul><li>Juego limpio: cada juego y cada apuesta se liquidan según reglas transparentes.</li><li>Seguridad: tus datos y transacciones están protegidos con cifrado.</li><li>Atención: nuestro equipo está disponible las 24 horas del día por chat en vivo.</li></ul>
<p>Gracias por jugar con nosotros. Juega con responsabilidad.</p>`,

  privacy_policy: `<h2>Política de privacidad</h2>
<p>Esta política explica cómo {site} recopila, utiliza y protege tu información personal.</p>
<h3>Qué recopilamos</h3>
<ul><li>Datos de la cuenta: nombre de usuario, nombre, número de teléfono y correo electrónico.</li><li>Datos de transacciones: depósitos, retiros y actividad de juego.</li><li>Datos técnicos: dirección IP, tipo de dispositivo y de navegador.</li></ul>
<h3>Cómo la usamos</h3>
<p>Usamos tu información para gestionar tu cuenta, procesar pagos, prevenir el fraude, cumplir nuestras obligaciones legales y, si lo aceptas, enviarte ofertas.</p>
<h3>Tus derechos</h3>
<p>Puedes pedir ver, corregir o eliminar tu información contactando con atención al cliente. Nunca vendemos tu información personal.</p>`,

  banking: `<h2>Pagos</h2>
<p>Todos los depósitos y retiros en {site} se realizan en {currency}.</p>
<h3>Depósitos</h3>
<ol><li>Inicia sesión y abre la página Depositar.</li><li>Elige un método de pago e introduce el importe.</li><li>Sigue las instrucciones y guarda la referencia de tu pago.</li></ol>
<p>La mayoría de los depósitos se acreditan en pocos minutos.</p>
<h3>Retiros</h3>
<p>Solicita un retiro desde la página Retirar a una cuenta bancaria a tu nombre. El importe queda retenido mientras se revisa la solicitud, normalmente en menos de 30 minutos.</p>
<p>Los importes mínimo y máximo se muestran en cada página. Escribe al chat en vivo si una transacción se retrasa.</p>`,

  faqs: `<h2>Preguntas frecuentes</h2>
<h3>¿Cómo creo una cuenta?</h3>
<p>Pulsa Registrarse, completa tus datos y confirma tu número de teléfono con el código de un solo uso que te enviamos.</p>
<h3>Olvidé mi contraseña. ¿Qué hago?</h3>
<p>Usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión. Enviamos un código a tu número registrado para que puedas entrar y crear una contraseña nueva.</p>
<h3>¿Cuánto tarda un retiro?</h3>
<p>La mayoría de los retiros se procesan en menos de 30 minutos una vez aprobados. El dinero se envía a una cuenta bancaria a tu nombre.</p>
<h3>¿Qué moneda puedo usar?</h3>
<p>{site} acepta {currency} para todos los depósitos, apuestas y retiros.</p>
<h3>¿Cómo contacto con atención al cliente?</h3>
<p>Nuestro equipo está disponible 24/7 por chat en vivo.</p>`,

  responsible_gaming: `<h2>Juego responsable</h2>
<p>En {site} queremos que el juego siga siendo una diversión. Nunca debe ser una forma de ganar dinero ni de escapar de los problemas.</p>
<h3>Consejos para jugar de forma segura</h3>
<ul><li>Fija un presupuesto antes de jugar y respétalo.</li><li>Fija un límite de tiempo y haz pausas con regularidad.</li><li>No intentes recuperar lo que has perdido.</li><li>No juegues si estás alterado, cansado o bajo los efectos del alcohol.</li></ul>
<h3>Tus límites</h3>
<p>En la página Juego responsable de tu cuenta puedes fijar límites diarios, semanales y mensuales a tus depósitos, pérdidas y apuestas, así como un límite diario de tiempo conectado. Un límite más bajo se aplica de inmediato; uno más alto, o quitar un límite, solo pasadas 24 horas y una vez que lo confirmes. Un control de realidad puede recordarte cada 15 a 60 minutos cuánto tiempo llevas jugando y cuánto has ganado o perdido.</p>
<h3>Pausa y autoexclusión</h3>
<p>Puedes tomarte una pausa de 24 horas, 1 semana, 1 mes o 6 semanas, o autoexcluirte durante 6 meses, 1 año, 5 años o para siempre. Surte efecto de inmediato, se aplica a todos los sitios de nuestro grupo en los que tengas una cuenta y no se puede acortar ni levantar antes de que termine. Mientras dure, no recibirás mensajes promocionales, y tus retiros pendientes se pagarán igualmente.</p>
<h3>Edad e identidad</h3>
<p>Solo pueden jugar adultos que hayan alcanzado la edad legal. {site} te pide tu fecha de nacimiento al registrarte y puede pedirte documentos de identidad antes de realizar un pago.</p>`,

  terms_conditions: `<h2>Términos y condiciones</h2>
<h3>Tu cuenta</h3>
<p>Debes tener la edad legal para jugar donde vives para abrir una cuenta en {site}. Cada jugador puede tener una sola cuenta, y los datos que nos des deben ser ciertos y tuyos.</p>
<h3>Depósitos y retiros</h3>
<p>Todos los importes están en {currency}. Los retiros se pagan a una cuenta bancaria a tu nombre una vez jugados los depósitos según las reglas de la promoción.</p>
<h3>Bonos y promociones</h3>
<p>Cada bono tiene sus propias reglas y plazo. Podemos retirar un bono obtenido abusando de estos términos, por ejemplo con varias cuentas.</p>
<h3>Juego limpio</h3>
<p>Los resultados provienen de generadores de números aleatorios certificados de los proveedores. Las apuestas hechas por errores del sistema pueden anularse.</p>`,
};
